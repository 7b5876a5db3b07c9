//! Names for the synthetic data: people (surnames and first names of the many
//! origins found in Australian chess, some accented, a few very long), clubs
//! and towns of each state, and tournament names.

use rand::seq::IndexedRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::model::Gender;

/// Surnames and first names of one origin.
struct Origin {
    /// Share of the population, in percent.
    weight: u32,
    surnames: &'static [&'static str],
    male: &'static [&'static str],
    female: &'static [&'static str],
    /// Whether women take the feminine form of the surname (Kowalski → Kowalska).
    feminine_surnames: bool,
    /// Chance that a first name is an English one instead.
    anglo_first: f64,
    /// Chance of a second first name from the same list.
    middle: f64,
}

const ANGLO_MALE: &[&str] = &[
    "John",
    "David",
    "Michael",
    "Peter",
    "Robert",
    "Paul",
    "Andrew",
    "Mark",
    "Stephen",
    "Ian",
    "Graham",
    "Geoffrey",
    "Trevor",
    "Kevin",
    "Brian",
    "Christopher",
    "Richard",
    "Anthony",
    "James",
    "William",
    "Matthew",
    "Daniel",
    "Jason",
    "Scott",
    "Craig",
    "Darren",
    "Timothy",
    "Simon",
    "Jonathan",
    "Benjamin",
    "Alexander",
    "Nicholas",
    "Thomas",
    "Bruce",
    "Malcolm",
    "Keith",
    "Barry",
    "Neil",
    "Gary",
    "Colin",
    "Ross",
    "Luke",
    "Adam",
    "Nathan",
    "Samuel",
    "Edward",
    "Douglas",
    "Leonard",
    "Harold",
    "Kenneth",
    "Gregory",
    "Wayne",
    "Dean",
    "Rodney",
    "Philip",
    "Shane",
    "Bradley",
    "Cameron",
    "Joshua",
    "Guy",
];
const ANGLO_FEMALE: &[&str] = &[
    "Margaret",
    "Susan",
    "Jennifer",
    "Karen",
    "Helen",
    "Elizabeth",
    "Catherine",
    "Sarah",
    "Emma",
    "Rebecca",
    "Jessica",
    "Rachel",
    "Alison",
    "Kathryn",
    "Anne",
    "Louise",
    "Julie",
    "Michelle",
    "Amanda",
    "Nicole",
    "Fiona",
    "Claire",
    "Lisa",
    "Joanne",
    "Kate",
    "Lauren",
    "Hannah",
    "Emily",
    "Zoë",
    "Jane",
    "Ruth",
    "Gillian",
    "Deborah",
    "Heather",
    "Natalie",
];

const ORIGINS: &[Origin] = &[
    Origin {
        weight: 44,
        surnames: &[
            "Smith",
            "Jones",
            "Williams",
            "Brown",
            "Wilson",
            "Taylor",
            "Johnson",
            "White",
            "Martin",
            "Anderson",
            "Thompson",
            "Walker",
            "Harris",
            "Robinson",
            "King",
            "Davis",
            "Wright",
            "Evans",
            "Roberts",
            "Green",
            "Hall",
            "Wood",
            "Jackson",
            "Clarke",
            "Hughes",
            "Edwards",
            "Lewis",
            "Turner",
            "Hill",
            "Scott",
            "Cooper",
            "Ward",
            "Morris",
            "Moore",
            "Baker",
            "Harrison",
            "Young",
            "Mitchell",
            "Campbell",
            "Stewart",
            "Bell",
            "Watson",
            "Morgan",
            "Allen",
            "Parker",
            "Bennett",
            "Cook",
            "Carter",
            "Phillips",
            "Shaw",
            "Marshall",
            "Chapman",
            "Ellis",
            "Hunt",
            "Graham",
            "Palmer",
            "Mills",
            "Barnes",
            "Fisher",
            "Knight",
            "Holmes",
            "Gibson",
            "Spencer",
            "Fletcher",
            "Pearce",
            "Lawson",
            "Rowe",
            "Hopkins",
            "Sutton",
            "Fraser",
            "MacDonald",
            "McKenzie",
            "Henderson",
            "Ross",
            "Hamilton",
            "Duncan",
            "Sinclair",
            "Rogers",
            "Johansen",
            "Hjorth",
            "Wallis",
            "Goodman",
            "Pickett",
            "Stokes",
            "Brady",
            "Tucker",
            "Haywood",
            "Lane",
        ],
        male: ANGLO_MALE,
        female: ANGLO_FEMALE,
        feminine_surnames: false,
        anglo_first: 0.0,
        middle: 0.3,
    },
    Origin {
        weight: 10,
        surnames: &[
            "Murphy",
            "O'Brien",
            "Kelly",
            "Ryan",
            "Sullivan",
            "O'Connor",
            "Walsh",
            "Byrne",
            "O'Neill",
            "McCarthy",
            "Doyle",
            "Fitzgerald",
            "Gallagher",
            "Quinn",
            "Brennan",
            "Kennedy",
            "Moloney",
            "O'Sullivan",
            "Donovan",
            "McGrath",
            "Callaghan",
            "Keane",
            "Nolan",
            "Flanagan",
            "Dwyer",
            "Hennessy",
            "O'Shea",
            "Delaney",
        ],
        male: &[
            "Sean", "Patrick", "Liam", "Brendan", "Declan", "Kieran", "Ciarán", "Dermot", "Michael", "John", "Kevin",
            "Conor", "Desmond", "Eamon",
        ],
        female: &[
            "Siobhán", "Mary", "Bridget", "Maeve", "Niamh", "Áine", "Kathleen", "Colleen", "Maureen", "Sinéad",
            "Deirdre",
        ],
        feminine_surnames: false,
        anglo_first: 0.4,
        middle: 0.3,
    },
    Origin {
        weight: 6,
        surnames: &[
            "Rossi",
            "Russo",
            "Ferrari",
            "Esposito",
            "Bianchi",
            "Romano",
            "Colombo",
            "Ricci",
            "Marino",
            "Greco",
            "Bruno",
            "Gallo",
            "Conti",
            "De Luca",
            "Costa",
            "Giordano",
            "Mancini",
            "Rizzo",
            "Lombardi",
            "Moretti",
            "Barbaro",
            "Santoro",
            "Caruso",
            "Fontana",
            "Di Stefano",
            "Dal Santo",
        ],
        male: &[
            "Giuseppe",
            "Giovanni",
            "Antonio",
            "Marco",
            "Luca",
            "Francesco",
            "Salvatore",
            "Paolo",
            "Vincenzo",
            "Mario",
            "Nicola",
            "Roberto",
            "Domenico",
        ],
        female: &["Maria", "Giulia", "Francesca", "Rosa", "Anna", "Lucia", "Teresa", "Carla", "Antonella"],
        feminine_surnames: false,
        anglo_first: 0.35,
        middle: 0.15,
    },
    Origin {
        weight: 5,
        surnames: &[
            "Papadopoulos",
            "Georgiou",
            "Nikolaidis",
            "Dimitriou",
            "Konstantinidis",
            "Papageorgiou",
            "Christodoulou",
            "Vlahos",
            "Karagiannis",
            "Athanasiou",
            "Stavrou",
            "Theodorou",
            "Kyriakou",
            "Antoniou",
            "Economou",
            "Pappas",
            "Xenos",
            "Manolas",
            "Galanis",
            "Tsoukalas",
        ],
        male: &[
            "Georgios",
            "Nikolaos",
            "Dimitrios",
            "Konstantinos",
            "Ioannis",
            "Christos",
            "Panagiotis",
            "Vasilios",
            "Kostas",
            "Spiros",
            "Stavros",
            "Theo",
            "Con",
            "Nick",
        ],
        female: &["Eleni", "Maria", "Sofia", "Katerina", "Georgia", "Despina", "Anastasia", "Athena", "Dimitra"],
        feminine_surnames: false,
        anglo_first: 0.3,
        middle: 0.1,
    },
    Origin {
        weight: 5,
        surnames: &[
            "Đorđević",
            "Jovanović",
            "Petrović",
            "Nikolić",
            "Marković",
            "Horvat",
            "Kovačević",
            "Babić",
            "Marić",
            "Jurić",
            "Novak",
            "Knežević",
            "Radić",
            "Šimić",
            "Vuković",
            "Lukić",
            "Tomić",
            "Perić",
            "Božić",
            "Matić",
            "Stojanovic",
            "Ilic",
            "Pavlovic",
            "Mandic",
            "Kovacevic",
            "Jovanovic",
        ],
        male: &[
            "Milan", "Dragan", "Zoran", "Goran", "Nikola", "Stjepan", "Ivan", "Marko", "Branko", "Slobodan",
            "Tomislav", "Željko", "Vladimir", "Dušan", "Mirko",
        ],
        female: &["Ana", "Jelena", "Milica", "Vesna", "Snežana", "Ivana", "Marija", "Dragana"],
        feminine_surnames: false,
        anglo_first: 0.15,
        middle: 0.05,
    },
    Origin {
        weight: 3,
        surnames: &[
            "Kowalski",
            "Nowak",
            "Wiśniewski",
            "Wójcik",
            "Kamiński",
            "Lewandowski",
            "Zieliński",
            "Szymański",
            "Woźniak",
            "Dąbrowski",
            "Kozlowski",
            "Jankowski",
            "Mazur",
            "Krawczyk",
            "Piotrowski",
            "Grabowski",
            "Zając",
            "Pawlowski",
            "Michalski",
            "Sobczak",
        ],
        male: &[
            "Andrzej",
            "Krzysztof",
            "Piotr",
            "Tomasz",
            "Jan",
            "Stanisław",
            "Paweł",
            "Marek",
            "Łukasz",
            "Wojciech",
            "Zbigniew",
            "Jerzy",
            "Tadeusz",
        ],
        female: &["Anna", "Katarzyna", "Małgorzata", "Agnieszka", "Barbara", "Ewa", "Krystyna", "Joanna"],
        feminine_surnames: true,
        anglo_first: 0.15,
        middle: 0.1,
    },
    Origin {
        weight: 4,
        surnames: &[
            "Ivanov",
            "Smirnov",
            "Kuznetsov",
            "Popov",
            "Sokolov",
            "Lebedev",
            "Kozlov",
            "Novikov",
            "Morozov",
            "Volkov",
            "Solovyov",
            "Vasiliev",
            "Zaitsev",
            "Pavlov",
            "Semenov",
            "Bondarenko",
            "Shevchenko",
            "Kovalenko",
            "Tkachenko",
            "Melnyk",
            "Boyko",
            "Goldin",
        ],
        male: &[
            "Sergei", "Alexei", "Dmitri", "Vladimir", "Igor", "Yuri", "Mikhail", "Nikolai", "Boris", "Oleg", "Andrei",
            "Viktor", "Evgeny", "Anatoly",
        ],
        female: &["Olga", "Natalia", "Tatiana", "Irina", "Svetlana", "Elena", "Ludmila", "Yulia"],
        feminine_surnames: true,
        anglo_first: 0.1,
        middle: 0.0,
    },
    Origin {
        weight: 4,
        surnames: &[
            "Müller",
            "Schmidt",
            "Schneider",
            "Fischer",
            "Weber",
            "Meyer",
            "Wagner",
            "Becker",
            "Hoffmann",
            "Schulz",
            "Koch",
            "Richter",
            "Klein",
            "Wolf",
            "Neumann",
            "Schwarz",
            "Zimmermann",
            "Krüger",
            "van der Berg",
            "de Vries",
            "Jansen",
            "Bakker",
            "Visser",
            "Ångström",
            "Johansson",
            "Lindqvist",
            "Nielsen",
            "Sørensen",
            "Larsen",
            "Eriksson",
            "Hansen",
        ],
        male: &[
            "Hans", "Klaus", "Wolfgang", "Jürgen", "Dieter", "Helmut", "Peter", "Stefan", "Jan", "Pieter", "Henk",
            "Lars", "Søren", "Anders", "Erik", "Bjørn",
        ],
        female: &["Ursula", "Ingrid", "Helga", "Sabine", "Petra", "Anja", "Karin", "Astrid", "Greta", "Zoë"],
        feminine_surnames: false,
        anglo_first: 0.35,
        middle: 0.2,
    },
    Origin {
        weight: 2,
        surnames: &[
            "Nagy", "Kovács", "Tóth", "Szabó", "Horváth", "Varga", "Kiss", "Molnár", "Németh", "Farkas", "Balogh",
            "Papp",
        ],
        male: &["László", "István", "Zoltán", "Attila", "Gábor", "Ferenc", "Tibor", "Sándor", "Endre"],
        female: &["Erzsébet", "Katalin", "Ilona", "Zsuzsanna", "Éva", "Judit"],
        feminine_surnames: false,
        anglo_first: 0.3,
        middle: 0.0,
    },
    Origin {
        weight: 4,
        surnames: &[
            "Nguyen", "Tran", "Le", "Pham", "Hoang", "Huynh", "Phan", "Vu", "Vo", "Dang", "Bui", "Do", "Ho", "Ngo",
            "Duong", "Ly",
        ],
        male: &[
            "Van Thanh",
            "Minh",
            "Tuan",
            "Hung",
            "Duc",
            "Quang",
            "Thanh Long",
            "Hai",
            "Dung",
            "Khanh",
            "Trung",
            "Bao",
            "Van Minh",
        ],
        female: &["Thi Lan", "Mai", "Linh", "Huong", "Thu", "Ngoc Anh", "Hoa", "Trang", "Thi Mai"],
        feminine_surnames: false,
        anglo_first: 0.2,
        middle: 0.0,
    },
    Origin {
        weight: 5,
        surnames: &[
            "Chen", "Wang", "Li", "Zhang", "Liu", "Yang", "Huang", "Zhao", "Wu", "Zhou", "Xu", "Sun", "Ma", "Zhu",
            "Lin", "Lau", "Wong", "Chan", "Cheung", "Ng", "Tan", "Lim", "Lee", "Chong", "Yeung",
        ],
        male: &["Wei", "Jian", "Hao", "Ming", "Kwok Wai", "Chi Keung", "Lei", "Jun", "Feng", "Zhi Qiang", "Yong"],
        female: &["Mei Ling", "Li Na", "Xiu Ying", "Jing", "Yan", "Fang", "Siu Ling", "Hui"],
        feminine_surnames: false,
        anglo_first: 0.45,
        middle: 0.0,
    },
    Origin {
        weight: 3,
        surnames: &[
            "Sharma",
            "Patel",
            "Singh",
            "Kumar",
            "Gupta",
            "Rao",
            "Reddy",
            "Iyer",
            "Nair",
            "Menon",
            "Krishnan",
            "Ramanathan",
            "Subramaniam",
            "Perera",
            "Fernando",
            "de Silva",
            "Jayasuriya",
            "Wickramasinghe",
            "Chatterjee",
            "Banerjee",
            "Das",
        ],
        male: &[
            "Rajesh", "Sanjay", "Arjun", "Vikram", "Anil", "Suresh", "Ravi", "Ashok", "Pradeep", "Ramesh", "Chandana",
            "Nuwan",
        ],
        female: &["Priya", "Anjali", "Deepa", "Lakshmi", "Sunita", "Kavitha", "Nirmala", "Dilani"],
        feminine_surnames: false,
        anglo_first: 0.1,
        middle: 0.05,
    },
    Origin {
        weight: 3,
        surnames: &[
            "Goldberg",
            "Rosenberg",
            "Katz",
            "Levi",
            "Cohen",
            "Friedman",
            "Shapiro",
            "Weiss",
            "Feldman",
            "Lowy",
            "Rubinstein",
        ],
        male: &["David", "Daniel", "Jacob", "Aaron", "Benjamin", "Joel", "Max", "Isaac", "Saul"],
        female: &["Miriam", "Ruth", "Sarah", "Naomi", "Leah", "Esther", "Judith"],
        feminine_surnames: false,
        anglo_first: 0.4,
        middle: 0.2,
    },
    Origin {
        weight: 2,
        surnames: &["Haddad", "Khoury", "Nassar", "Saad", "Abboud", "Hanna", "Karam", "Najjar", "Azzi"],
        male: &["Georges", "Elie", "Tony", "Joseph", "Fadi", "Charbel", "Sami"],
        female: &["Rita", "Nadia", "Rania", "Mariam", "Leila"],
        feminine_surnames: false,
        anglo_first: 0.3,
        middle: 0.1,
    },
];

/// A few very long names, given to a handful of players.
const LONG_SURNAMES: &[&str] = &[
    "Featherstonehaugh-Cholmondeley",
    "Montgomery-Wolstenholme",
    "Vanderhorst-Papadimitriou",
    "Ramanathan-Subramaniam-Pillai",
    "Bowes-Lyon-Fitzherbert",
    "Scott-Macpherson-Drummond",
];
const LONG_MALE: &[&str] =
    &["Alexander Maximilian Frederick", "Christopher Bartholomew James", "Konstantinos Emmanouil"];
const LONG_FEMALE: &[&str] = &["Anastasia Konstantina Maria", "Elizabeth Charlotte Georgiana", "Wilhelmina Josephine"];

/// Short forms of first names, for the reports that spell a name differently.
pub const NICKNAMES: &[(&str, &str)] = &[
    ("Robert", "Rob"),
    ("William", "Bill"),
    ("Michael", "Mike"),
    ("Christopher", "Chris"),
    ("Alexander", "Alex"),
    ("Elizabeth", "Liz"),
    ("Catherine", "Cathy"),
    ("Jonathan", "Jon"),
    ("Nicholas", "Nick"),
    ("Matthew", "Matt"),
    ("Stephen", "Steve"),
    ("Anthony", "Tony"),
    ("Benjamin", "Ben"),
    ("Timothy", "Tim"),
    ("Samuel", "Sam"),
    ("Kathryn", "Kate"),
    ("Jennifer", "Jenny"),
];

/// The short form of the first of `first_names`, when it has one.
pub fn nickname(first_names: &str) -> Option<String> {
    let mut words = first_names.splitn(2, ' ');
    let first = words.next()?;
    let short = NICKNAMES.iter().find(|(full, _)| *full == first)?.1;
    Some(match words.next() {
        Some(rest) => format!("{short} {rest}"),
        None => short.to_string(),
    })
}

fn feminine(surname: &str) -> String {
    if let Some(stem) = surname.strip_suffix("ski") {
        format!("{stem}ska")
    } else if let Some(stem) = surname.strip_suffix("ov") {
        format!("{stem}ova")
    } else if let Some(stem) = surname.strip_suffix("ev") {
        format!("{stem}eva")
    } else if let Some(stem) = surname.strip_suffix("in") {
        format!("{stem}ina")
    } else {
        surname.to_string()
    }
}

/// The list a person's first names come from: the origin's own, or English.
fn first_names_list(rng: &mut ChaCha8Rng, origin: &Origin, gender: Gender) -> &'static [&'static str] {
    let anglo = rng.random_bool(origin.anglo_first);
    match (gender, anglo) {
        (Gender::Male, false) => origin.male,
        (Gender::Female, false) => origin.female,
        (Gender::Male, true) => ANGLO_MALE,
        (Gender::Female, true) => ANGLO_FEMALE,
    }
}

/// A person's (surname, first names). `long` gives one of the few very long
/// double-barrelled names.
pub fn person(rng: &mut ChaCha8Rng, gender: Gender, long: bool) -> (String, String) {
    if long {
        let surname = LONG_SURNAMES.choose(rng).copied().unwrap_or("Montgomery-Wolstenholme");
        let list = if gender == Gender::Male { LONG_MALE } else { LONG_FEMALE };
        return (surname.to_string(), list.choose(rng).copied().unwrap_or("Alexandra").to_string());
    }
    let total: u32 = ORIGINS.iter().map(|o| o.weight).sum();
    let mut pick = rng.random_range(0..total);
    let origin = ORIGINS
        .iter()
        .find(|o| {
            if pick < o.weight {
                true
            } else {
                pick -= o.weight;
                false
            }
        })
        .unwrap_or(&ORIGINS[0]);
    let base = origin.surnames.choose(rng).copied().unwrap_or("Smith");
    let surname = if origin.feminine_surnames && gender == Gender::Female { feminine(base) } else { base.to_string() };
    let list = first_names_list(rng, origin, gender);
    let mut first = list.choose(rng).copied().unwrap_or("Alex").to_string();
    if rng.random_bool(origin.middle) {
        let second = list.choose(rng).copied().unwrap_or("Alex");
        if second != first {
            first = format!("{first} {second}");
        }
    }
    (surname, first)
}

/// The letters of `text` without accents, for e-mail addresses.
pub fn ascii_fold(text: &str) -> String {
    text.chars()
        .filter_map(|c| {
            let folded = match c {
                'á' | 'à' | 'â' | 'ä' | 'å' | 'ą' | 'Å' | 'Á' => 'a',
                'é' | 'è' | 'ê' | 'ë' | 'ę' | 'É' => 'e',
                'í' | 'ì' | 'î' | 'ï' => 'i',
                'ó' | 'ò' | 'ô' | 'ö' | 'ø' | 'ő' => 'o',
                'ú' | 'ù' | 'û' | 'ü' => 'u',
                'ć' | 'č' => 'c',
                'đ' | 'Đ' => 'd',
                'ł' | 'Ł' => 'l',
                'ń' => 'n',
                'ś' | 'š' | 'Š' => 's',
                'ź' | 'ż' | 'ž' | 'Ž' => 'z',
                c if c.is_ascii_alphabetic() => c.to_ascii_lowercase(),
                _ => return None,
            };
            Some(folded)
        })
        .collect()
}

/// What a state is called in event names ("Victorian Open").
pub fn state_adjective(state: &str) -> &'static str {
    match state {
        "A" => "ACT",
        "N" => "NSW",
        "Q" => "Queensland",
        "S" => "South Australian",
        "T" => "Tasmanian",
        "V" => "Victorian",
        "W" => "West Australian",
        _ => "Australian",
    }
}

/// Chess clubs of a state.
pub fn clubs(state: &str) -> &'static [&'static str] {
    match state {
        "A" => &["Canberra", "Tuggeranong", "Belconnen", "Woden", "ANU", "Gungahlin"],
        "N" => &[
            "Sydney Academy",
            "St George",
            "Rooty Hill RSL",
            "North Sydney",
            "Parramatta",
            "Canterbury-Bankstown",
            "Newcastle",
            "Wollongong",
            "Manly",
            "Ryde-Eastwood",
            "Penrith",
            "City of Sydney",
        ],
        "Q" => &[
            "Redcliffe",
            "Gold Coast",
            "Toowong",
            "Logan",
            "Ipswich",
            "Townsville",
            "Cairns",
            "Brisbane",
            "Sunshine Coast",
            "Toowoomba",
        ],
        "S" => &[
            "Adelaide University",
            "Modbury",
            "Tea Tree Gully",
            "Edwardstown",
            "Lucky Knight",
            "Port Adelaide",
            "Glenelg",
        ],
        "T" => &["Hobart", "Launceston", "Kingston", "Devonport", "Burnie"],
        "V" => &[
            "Box Hill",
            "Melbourne",
            "Elwood",
            "Noble Park",
            "Dandenong",
            "Geelong",
            "Ballarat",
            "Frankston",
            "Canterbury Juniors",
            "Hobsons Bay",
            "Waverley",
            "Bendigo",
            "Croydon",
        ],
        "W" => &["Perth", "Fremantle", "Kingsley", "Karrinyup", "Bunbury", "Mandurah", "Midland"],
        _ => &["City"],
    }
}

/// Towns of a state where weekenders are held.
pub fn towns(state: &str) -> &'static [&'static str] {
    match state {
        "A" => &["Canberra", "Belconnen", "Tuggeranong", "Woden", "Queanbeyan", "Gungahlin"],
        "N" => &[
            "Sydney",
            "Parramatta",
            "Newcastle",
            "Wollongong",
            "Penrith",
            "Gosford",
            "Wagga Wagga",
            "Orange",
            "Tamworth",
            "Coffs Harbour",
            "Lismore",
            "Manly",
            "Blacktown",
        ],
        "Q" => &[
            "Brisbane",
            "Gold Coast",
            "Toowoomba",
            "Townsville",
            "Cairns",
            "Rockhampton",
            "Mackay",
            "Ipswich",
            "Redcliffe",
            "Bundaberg",
        ],
        "S" => &["Adelaide", "Mount Gambier", "Whyalla", "Port Augusta", "Glenelg", "Modbury", "Noarlunga"],
        "T" => &["Hobart", "Launceston", "Devonport", "Burnie", "Kingston", "Ulverstone"],
        "V" => &[
            "Box Hill",
            "Ballarat",
            "Geelong",
            "Bendigo",
            "Frankston",
            "Dandenong",
            "Shepparton",
            "Mildura",
            "Warrnambool",
            "Melbourne",
            "Mornington",
            "Wangaratta",
        ],
        "W" => &["Perth", "Fremantle", "Bunbury", "Geraldton", "Kalgoorlie", "Albany", "Mandurah"],
        _ => &["Capital"],
    }
}

/// The big opens of a state.
pub fn opens(state: &str) -> &'static [&'static str] {
    match state {
        "A" => &["Doeberl Cup", "ANU Open", "Canberra Autumn Cup", "ACT Championship"],
        "N" => &["NSW Open", "Sydney Open", "City of Sydney Championship", "Newcastle Open", "NSW Championship"],
        "Q" => &["Queensland Open", "Gold Coast Open", "Sunshine Coast Open", "Queensland Championship"],
        "S" => &["South Australian Championship", "Adelaide Open", "SA Country Championship"],
        "T" => &["Tasmanian Championship", "Launceston Open", "Tasmanian Open"],
        "V" => &["Victorian Open", "Box Hill Autumn Cup", "Begonia Open", "Geelong Open", "Victorian Championship"],
        "W" => &["West Australian Open", "Perth Open", "WA Championship"],
        _ => &["Open"],
    }
}

/// The season an event's end date falls in (southern hemisphere).
pub fn season(month: u32) -> &'static str {
    match month {
        3..=5 => "Autumn",
        6..=8 => "Winter",
        9..=11 => "Spring",
        _ => "Summer",
    }
}

/// The English name of a month.
pub fn month_name(month: u32) -> &'static str {
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    MONTHS[(month as usize + 11) % 12]
}

/// Openings of thematic tournaments.
pub const THEMES: &[&str] = &["King's Gambit", "Benko Gambit", "Evans Gambit", "Sicilian Najdorf", "Marshall Attack"];

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn generate_names_nicknames_and_feminine_forms() {
        assert_eq!(nickname("Robert James").as_deref(), Some("Rob James"));
        assert_eq!(nickname("Zoë"), None);
        assert_eq!(feminine("Kowalski"), "Kowalska");
        assert_eq!(feminine("Ivanov"), "Ivanova");
        assert_eq!(ascii_fold("Đorđević"), "dordevic");
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..1000 {
            let (s, f) = person(&mut rng, Gender::Female, false);
            assert!(!s.is_empty() && !f.is_empty());
        }
    }
}

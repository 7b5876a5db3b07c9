//! The site's `rules.html` from the rule set's one text of its rules (typst
//! markup, which the booklet evaluates as it is): headings, paragraphs,
//! lists, bold and italic, formulas, and the text's own calls (`#example`,
//! `#note`, `#rule-table`, `#legend`) turned into HTML. The text is parsed
//! with typst's own parser; anything else in it is an error naming it, so a
//! rules text the site cannot show never publishes half of itself.

use std::fmt::Write;

use typst::syntax::ast::{self, AstNode, Expr};
use typst::syntax::SyntaxNode;

use crate::model::words::LegendEntry;

/// The rules text as HTML; `legend` is what `#legend` prints.
pub fn to_html(text: &str, legend: &[LegendEntry]) -> Result<String, String> {
    let root = typst::syntax::parse(text);
    if let Some(error) = root.errors_and_warnings().0.first() {
        return Err(format!("the rules text does not parse: {}", error.message));
    }
    let markup = root.cast::<ast::Markup>().ok_or("the rules text is not markup")?;
    let mut html = Html { out: String::new(), open: None, legend };
    html.blocks(markup)?;
    html.close();
    Ok(html.out)
}

/// The HTML written so far, and the block open at its end (a paragraph or a list).
struct Html<'a> {
    out: String,
    open: Option<&'static str>,
    legend: &'a [LegendEntry],
}

impl Html<'_> {
    /// Opens `tag` ("p" or "ul") unless it is open already.
    fn open(&mut self, tag: &'static str) {
        if self.open != Some(tag) {
            self.close();
            let _ = write!(self.out, "<{tag}>");
            self.open = Some(tag);
        }
    }

    fn close(&mut self) {
        if let Some(tag) = self.open.take() {
            let _ = writeln!(self.out, "</{tag}>");
        }
    }

    /// A run of markup at block level.
    fn blocks(&mut self, markup: ast::Markup) -> Result<(), String> {
        for expr in markup.exprs() {
            match expr {
                Expr::Parbreak(_) => self.close(),
                Expr::Space(_) if self.open != Some("p") => {}
                Expr::Heading(h) => {
                    self.close();
                    let level = h.depth().get().min(6);
                    let body = inline(h.body())?;
                    let _ = writeln!(self.out, "<h{level}>{}</h{level}>", body.trim());
                }
                Expr::ListItem(item) => {
                    self.open("ul");
                    let _ = write!(self.out, "<li>{}", inline(item.body())?.trim());
                }
                Expr::Equation(eq) if eq.block() => {
                    self.close();
                    let _ = writeln!(self.out, "<p class=\"formula\">{}</p>", math(eq.body().exprs())?.trim());
                }
                Expr::FuncCall(call) if is_block_call(call) => {
                    self.close();
                    self.block_call(call)?;
                }
                Expr::Ident(id) if id.get() == "legend" => {
                    self.close();
                    self.legend()?;
                }
                other => {
                    if self.open != Some("p") {
                        self.open("p");
                    }
                    self.out += &inline_expr(other)?;
                }
            }
        }
        Ok(())
    }

    /// `#example[title][body]`, `#note[body]`, `#rule-table(header, rows)`.
    fn block_call(&mut self, call: ast::FuncCall) -> Result<(), String> {
        let name = callee(call);
        let args: Vec<Expr> = call
            .args()
            .items()
            .filter_map(|a| match a {
                ast::Arg::Pos(e) => Some(e),
                _ => None,
            })
            .collect();
        match (name.as_str(), args.as_slice()) {
            ("example", [Expr::ContentBlock(title), Expr::ContentBlock(body)]) => {
                // (A box of the text, not a landmark: several `<aside>`s of one
                // page would be landmarks without names of their own.)
                let _ = write!(self.out, "<div class=\"example\"><p class=\"title\">{}</p>", inline(title.body())?);
                self.nested(body.body())?;
                self.out += "</div>\n";
            }
            ("note", [Expr::ContentBlock(body)]) => {
                self.out += "<div class=\"note\">";
                self.nested(body.body())?;
                self.out += "</div>\n";
            }
            ("rule-table", [Expr::Array(header), Expr::Array(rows)]) => {
                self.out += "<table class=\"list rule\"><thead><tr>";
                for cell in cells(*header)? {
                    let _ = write!(self.out, "<th scope=\"col\">{cell}");
                }
                self.out += "</thead><tbody>\n";
                for row in rows.items() {
                    let ast::ArrayItem::Pos(Expr::Array(row)) = row else {
                        return Err(format!("a rule-table row is not an array: {}", row.to_untyped().full_text()));
                    };
                    self.out += "<tr>";
                    for cell in cells(row)? {
                        let _ = write!(self.out, "<td>{cell}");
                    }
                    self.out += "\n";
                }
                self.out += "</tbody></table>\n";
            }
            _ => return Err(format!("the rules text calls #{name} in a way the site cannot show")),
        }
        Ok(())
    }

    /// Blocks inside an example or a note.
    fn nested(&mut self, markup: ast::Markup) -> Result<(), String> {
        let outer = self.open.take();
        self.blocks(markup)?;
        self.close();
        self.open = outer;
        Ok(())
    }

    fn legend(&mut self) -> Result<(), String> {
        self.out += "<dl class=\"legend\">\n";
        for entry in self.legend {
            let meaning = to_inline_html(entry.meaning)?;
            let _ = writeln!(self.out, "<dt>{}<dd>{meaning}", escape(entry.sample));
        }
        self.out += "</dl>\n";
        Ok(())
    }
}

/// A piece of markup that holds no blocks (a legend's meaning), as HTML.
pub fn to_inline_html(text: &str) -> Result<String, String> {
    let root = typst::syntax::parse(text);
    let markup = root.cast::<ast::Markup>().ok_or("not markup")?;
    inline(markup)
}

fn is_block_call(call: ast::FuncCall) -> bool {
    matches!(callee(call).as_str(), "example" | "note" | "rule-table")
}

fn callee(call: ast::FuncCall) -> String {
    match call.callee() {
        Expr::Ident(id) => id.get().to_string(),
        other => other.to_untyped().full_text().to_string(),
    }
}

/// The content blocks of an array (a rule-table's header or row), as HTML.
fn cells(array: ast::Array) -> Result<Vec<String>, String> {
    array
        .items()
        .map(|item| match item {
            ast::ArrayItem::Pos(Expr::ContentBlock(c)) => inline(c.body()),
            other => Err(format!("a rule-table cell is not [content]: {}", other.to_untyped().full_text())),
        })
        .collect()
}

/// Markup inside a paragraph, a heading, a list item or a cell.
fn inline(markup: ast::Markup) -> Result<String, String> {
    markup.exprs().map(inline_expr).collect()
}

fn inline_expr(expr: Expr) -> Result<String, String> {
    Ok(match expr {
        Expr::Text(t) => escape(t.get()),
        Expr::Space(_) => " ".to_string(),
        Expr::Linebreak(_) => "<br>".to_string(),
        Expr::Escape(e) => escape(&e.get().to_string()),
        Expr::Shorthand(s) => escape(&s.get().to_string()),
        Expr::SmartQuote(q) => if q.double() { "\u{201d}" } else { "\u{2019}" }.to_string(),
        Expr::Strong(s) => format!("<strong>{}</strong>", inline(s.body())?),
        Expr::Emph(e) => format!("<em>{}</em>", inline(e.body())?),
        Expr::Equation(eq) => format!("<span class=\"math\">{}</span>", math(eq.body().exprs())?.trim()),
        other => return Err(unsupported(other.to_untyped())),
    })
}

fn unsupported(node: &SyntaxNode) -> String {
    format!("the site cannot show this part of the rules text: {}", node.full_text())
}

/// A formula: letters and numbers as they are, `x_i` and `x^2` as sub- and
/// superscripts, `a / b` as a slash, quoted words upright, typst's symbol
/// names as their symbols.
fn math<'a>(exprs: impl Iterator<Item = Expr<'a>>) -> Result<String, String> {
    let mut out = String::new();
    for expr in exprs {
        out += &math_expr(expr)?;
    }
    Ok(out)
}

fn math_expr(expr: Expr) -> Result<String, String> {
    Ok(match expr {
        Expr::Math(m) => math(m.exprs())?,
        Expr::MathText(t) => match t.get() {
            ast::MathTextKind::Number(n) => escape(n),
            ast::MathTextKind::Grapheme(g) if g.as_str() == "-" => "\u{2212}".to_string(),
            ast::MathTextKind::Grapheme(g) => escape(g),
        },
        Expr::Space(_) => " ".to_string(),
        Expr::Linebreak(_) => "<br>".to_string(),
        Expr::Str(s) => escape(&s.get()),
        Expr::Escape(e) => escape(&e.get().to_string()),
        Expr::MathShorthand(s) => escape(&s.get().to_string()),
        Expr::MathIdent(id) => symbol(id.get()).ok_or_else(|| unsupported(id.to_untyped()))?.to_string(),
        Expr::MathDelimited(d) => {
            format!("{}{}{}", math_expr(d.open())?, math(d.body().exprs())?, math_expr(d.close())?)
        }
        Expr::MathAttach(a) => {
            let mut s = math_expr(a.base())?;
            if let Some(b) = a.bottom() {
                let _ = write!(s, "<sub>{}</sub>", unparenthesised(b)?);
            }
            if let Some(p) = a.primes() {
                s += &"′".repeat(p.count());
            }
            if let Some(t) = a.top() {
                let _ = write!(s, "<sup>{}</sup>", unparenthesised(t)?);
            }
            s
        }
        Expr::MathPrimes(p) => "′".repeat(p.count()),
        Expr::MathFrac(f) => format!("{} / {}", operand(f.num())?, operand(f.denom())?),
        // `#h(3em)` between two formulas on a line.
        Expr::FuncCall(call) if callee(call) == "h" => " &emsp; ".to_string(),
        // `sqrt(x)` as √(x); `exp(x)` as it is.
        Expr::MathCall(call) => {
            let name = call.callee().to_untyped().full_text().to_string();
            let args: Vec<String> = call
                .args()
                .arg_items()
                .map(|a| match a.arg {
                    ast::Arg::Pos(e) => math_expr(e),
                    _ => Err(unsupported(call.to_untyped())),
                })
                .collect::<Result<_, _>>()?;
            let name =
                if name == "sqrt" { "√" } else { symbol(&name).ok_or_else(|| unsupported(call.to_untyped()))? };
            format!("{name}({})", args.join(", "))
        }
        other => return Err(unsupported(other.to_untyped())),
    })
}

/// A fraction's part, in the parentheses the source grouped it with
/// (typst's parser keeps them out of the part's expressions).
fn operand(expr: Expr) -> Result<String, String> {
    let text = expr.to_untyped().full_text();
    let inner = math_expr(expr)?;
    Ok(if text.starts_with('(') && text.ends_with(')') { format!("({inner})") } else { inner })
}

/// A sub- or superscript without the parentheses that group it: `x_(i j)`.
fn unparenthesised(expr: Expr) -> Result<String, String> {
    match expr {
        Expr::MathDelimited(d) if d.open().to_untyped().full_text() == "(" => math(d.body().exprs()),
        other => math_expr(other),
    }
}

/// The symbol a typst math name stands for.
fn symbol(name: &str) -> Option<&'static str> {
    Some(match name {
        "times" => "×",
        "Delta" => "Δ",
        "sum" => "Σ",
        "div" => "÷",
        "dot" => "·",
        "approx" => "≈",
        "quad" => "&emsp;",
        "floor" => "floor",
        "exp" => "exp",
        "pi" => "π",
        "mu" => "μ",
        "phi" => "φ",
        "sigma" => "σ",
        "tau" => "τ",
        _ => return None,
    })
}

/// Text with `&`, `<` and `>` escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_paragraphs_lists_and_formulas() {
        let text = "= The Rules\n\nA *grade* is _an average_ of\ngames.\n\n- one\n- two\n\n$ R_p = R_a + D_p $\n\nWith $K = (3000 - R_o) / 50$.";
        let html = to_html(text, &[]).unwrap();
        assert_eq!(
            html,
            "<h1>The Rules</h1>\n<p>A <strong>grade</strong> is <em>an average</em> of games.</p>\n\
             <ul><li>one<li>two</ul>\n<p class=\"formula\">R<sub>p</sub> = R<sub>a</sub> + D<sub>p</sub></p>\n\
             <p>With <span class=\"math\">K = (3000 − R<sub>o</sub>) / 50</span>.</p>\n"
        );
    }

    #[test]
    fn examples_notes_tables_and_the_legend() {
        let legend = [LegendEntry { sample: "123", meaning: "a *grade*" }];
        let text = "#example[Example: one][Text $x times 2$.]\n\n#note[Small print.]\n\n#rule-table(([Age], [Bonus]), (([under 11], [+10]),))\n\n#legend";
        let html = to_html(text, &legend).unwrap();
        assert!(html.contains("<div class=\"example\"><p class=\"title\">Example: one</p><p>Text <span class=\"math\">x × 2</span>.</p>\n</div>"), "{html}");
        assert!(html.contains("<div class=\"note\"><p>Small print.</p>\n</div>"), "{html}");
        assert!(html.contains("<tr><th scope=\"col\">Age<th scope=\"col\">Bonus</thead><tbody>\n<tr><td>under 11<td>+10\n</tbody></table>"), "{html}");
        assert!(html.contains("<dl class=\"legend\">\n<dt>123<dd>a <strong>grade</strong>\n</dl>"), "{html}");
    }

    #[test]
    fn every_rule_sets_text_shows_on_the_site() {
        for name in crate::model::system::SystemName::ALL {
            let rules = crate::rate::rule_set(*name).rules_text();
            let html = to_html(rules.text, rules.legend).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(html.starts_with("<h1>The ") && html.contains("<dl class=\"legend\">"), "{name}: {html}");
        }
    }

    #[test]
    fn what_the_site_cannot_show_is_an_error() {
        assert!(to_html("#let x = 1", &[]).unwrap_err().contains("let x = 1"));
        assert!(to_html("$ alpha $", &[]).unwrap_err().contains("alpha"));
        assert_eq!(
            to_html("$sqrt(phi^2 + sigma'^2)$", &[]).unwrap(),
            "<p><span class=\"math\">√(φ<sup>2</sup> + σ′<sup>2</sup>)</span></p>\n"
        );
        assert!(to_html("#rule-table(1, 2)", &[]).unwrap_err().contains("rule-table"));
    }
}

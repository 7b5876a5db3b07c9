//! cdp-pipe: a minimal Chrome DevTools Protocol client over `--remote-debugging-pipe`.
//!
//! Chromium reads commands from fd 3 and writes replies and events to fd 4,
//! each message one JSON object followed by a NUL byte. No websocket, no HTTP,
//! no port: only `std` and `serde_json`. Linux/Unix only (fd juggling in
//! `pre_exec`). Drop the `Browser` to close Chromium and delete its profile.
//!
//! Shared by the browser tests (`tests/it/browser/`) and `examples/screenshots.rs`,
//! each including this file with `#[path]`; taken from the site research
//! (`cdp-pipe`), its C declarations replaced by the `libc` crate.

#![allow(dead_code)]

use serde_json::{json, Value};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::os::fd::AsRawFd;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

pub type Result<T> = std::result::Result<T, String>;

use libc::{close, dup2, fcntl, F_DUPFD};

/// Flags for a root user on a machine without network or GPU.
pub const FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--mute-audio",
    "--hide-scrollbars",
    "--remote-debugging-pipe",
];

pub struct Browser {
    child: Child,
    to_chrome: std::io::PipeWriter,
    from_chrome: Receiver<Value>,
    queued: VecDeque<Value>,
    next_id: u64,
    profile: PathBuf,
    pub timeout: Duration,
}

/// `chromium` from PATH, or `$CHROMIUM`; None when neither exists (tests then skip).
pub fn find_chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let names = ["chromium", "chromium-browser", "google-chrome", "chrome"];
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).flat_map(|dir| names.iter().map(move |n| dir.join(n))).find(|p| p.is_file())
}

impl Browser {
    /// Launches with a fresh profile in the temp dir (deleted on drop).
    pub fn launch(chromium: &Path) -> Result<Browser> {
        let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
        Self::launch_in(chromium, &std::env::temp_dir().join(format!("cdp-pipe-{}-{stamp}", std::process::id())))
    }

    /// Launches with the profile in `profile` (wiped first). For a Browser kept in a
    /// `static` (never dropped), pass a fixed dir such as
    /// `concat!(env!("CARGO_TARGET_TMPDIR"), "/chromium")` so nothing piles up.
    /// Chromium exits by itself when the test process ends (its pipe closes).
    pub fn launch_in(chromium: &Path, profile: &Path) -> Result<Browser> {
        let e = |what: &str| {
            let what = what.to_string();
            move |err: std::io::Error| format!("{what}: {err}")
        };
        let profile = profile.to_path_buf();
        let _ = std::fs::remove_dir_all(&profile);
        std::fs::create_dir_all(&profile).map_err(e("profile dir"))?;

        let (cmd_r, cmd_w) = std::io::pipe().map_err(e("pipe"))?; // we write, Chromium reads fd 3
        let (evt_r, evt_w) = std::io::pipe().map_err(e("pipe"))?; // Chromium writes fd 4, we read
        let (r3, w4) = (cmd_r.as_raw_fd(), evt_w.as_raw_fd());

        let mut cmd = Command::new(chromium);
        cmd.args(FLAGS)
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null()); // dbus noise; use Stdio::inherit() to debug
                                    // SAFETY: only async-signal-safe calls between fork and exec. Move both
                                    // ends above 10 first so that dup2 onto 3 and 4 cannot clobber either.
        unsafe {
            cmd.pre_exec(move || {
                let a = fcntl(r3, F_DUPFD, 10);
                let b = fcntl(w4, F_DUPFD, 10);
                if a < 0 || b < 0 || dup2(a, 3) < 0 || dup2(b, 4) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                close(a);
                close(b);
                Ok(())
            });
        }
        let child = cmd.spawn().map_err(e("spawn chromium"))?;
        drop(cmd_r); // Chromium's ends: close ours so EOF is seen when it exits
        drop(evt_w);

        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(evt_r);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match r.read_until(0, &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if buf.last() == Some(&0) {
                            buf.pop();
                        }
                        let Ok(v) = serde_json::from_slice::<Value>(&buf) else { break };
                        if tx.send(v).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let mut b = Browser {
            child,
            to_chrome: cmd_w,
            from_chrome: rx,
            queued: VecDeque::new(),
            next_id: 0,
            profile,
            timeout: Duration::from_secs(60),
        };
        b.call(None, "Browser.getVersion", json!({}))?; // proves the pipe works
        Ok(b)
    }

    /// Sends one command (to the browser, or to a page's session) and waits for its reply.
    pub fn call(&mut self, session: Option<&str>, method: &str, params: Value) -> Result<Value> {
        self.next_id += 1;
        let id = self.next_id;
        let mut msg = json!({ "id": id, "method": method, "params": params });
        if let Some(s) = session {
            msg["sessionId"] = json!(s);
        }
        let mut bytes = serde_json::to_vec(&msg).unwrap();
        bytes.push(0);
        self.to_chrome.write_all(&bytes).map_err(|e| format!("{method}: write: {e}"))?;
        let deadline = Instant::now() + self.timeout;
        loop {
            let m = self.recv(deadline).map_err(|e| format!("{method}: {e}"))?;
            if m.get("id").and_then(Value::as_u64) == Some(id) {
                if let Some(err) = m.get("error") {
                    return Err(format!("{method}: {err}"));
                }
                return Ok(m["result"].clone());
            }
            self.queued.push_back(m); // an event: keep it for wait_event
        }
    }

    /// Waits for an event (e.g. "Page.loadEventFired") on a session; earlier ones count too.
    pub fn wait_event(&mut self, session: Option<&str>, method: &str, timeout: Duration) -> Result<Value> {
        let matches = |m: &Value| m["method"] == method && m.get("sessionId").and_then(Value::as_str) == session;
        if let Some(i) = self.queued.iter().position(matches) {
            return Ok(self.queued.remove(i).unwrap()["params"].clone());
        }
        let deadline = Instant::now() + timeout;
        loop {
            let m = self.recv(deadline).map_err(|e| format!("waiting for {method}: {e}"))?;
            if matches(&m) {
                return Ok(m["params"].clone());
            }
            self.queued.push_back(m);
        }
    }

    fn recv(&mut self, deadline: Instant) -> Result<Value> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.from_chrome.recv_timeout(left) {
            Ok(v) => Ok(v),
            Err(RecvTimeoutError::Timeout) => Err("timed out".into()),
            Err(RecvTimeoutError::Disconnected) => Err("chromium closed the pipe (crashed?)".into()),
        }
    }

    /// Removes and returns the queued events named `method` (e.g. "Network.requestWillBeSent").
    pub fn take_events(&mut self, method: &str) -> Vec<Value> {
        let (hit, keep): (Vec<Value>, Vec<Value>) = self.queued.drain(..).partition(|m| m["method"] == method);
        self.queued = keep.into();
        hit.into_iter().map(|m| m["params"].clone()).collect()
    }

    /// A new tab of `width`×`height` CSS px (mobile emulation: honours the viewport meta).
    pub fn new_page(&mut self, width: u32, height: u32) -> Result<Page<'_>> {
        let t = self.call(None, "Target.createTarget", json!({ "url": "about:blank" }))?;
        let target = t["targetId"].as_str().ok_or("no targetId")?.to_string();
        let a = self.call(None, "Target.attachToTarget", json!({ "targetId": target, "flatten": true }))?;
        let session = a["sessionId"].as_str().ok_or("no sessionId")?.to_string();
        let mut p = Page { b: self, session, target };
        p.call("Page.enable", json!({}))?;
        p.call("Runtime.enable", json!({}))?; // -> Runtime.exceptionThrown events
        p.call("Network.enable", json!({}))?; // -> Network.requestWillBeSent events
        p.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": true }),
        )?;
        Ok(p)
    }
}

impl Browser {
    /// Closes Chromium (asking first, then killing our own child) and deletes
    /// its profile. For a `static` Browser, call it at exit; Drop calls it too.
    pub fn shutdown(&mut self) {
        if !self.profile.exists() {
            return; // already shut down
        }
        let _ = self.to_chrome.write_all(b"{\"id\":999999999,\"method\":\"Browser.close\"}\0");
        let end = Instant::now() + Duration::from_secs(5);
        while Instant::now() < end {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill(); // our own child only, by its handle
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        self.shutdown();
    }
}

pub struct Page<'a> {
    b: &'a mut Browser,
    pub session: String,
    target: String,
}

impl Page<'_> {
    /// Closes the tab (the browser stays up for the next test).
    pub fn close(self) -> Result<()> {
        let t = self.target.clone();
        self.b.call(None, "Target.closeTarget", json!({ "targetId": t })).map(|_| ())
    }

    pub fn call(&mut self, method: &str, params: Value) -> Result<Value> {
        self.b.call(Some(&self.session), method, params)
    }

    /// Navigates and waits for the load event. `url` like `file:///abs/path.html`.
    pub fn goto(&mut self, url: &str) -> Result<()> {
        self.b.queued.retain(|m| m["method"] != "Page.loadEventFired");
        let r = self.call("Page.navigate", json!({ "url": url }))?;
        if let Some(err) = r.get("errorText") {
            return Err(format!("navigate {url}: {err}"));
        }
        let s = self.session.clone();
        self.b.wait_event(Some(&s), "Page.loadEventFired", self.b.timeout)?;
        Ok(())
    }

    /// Every URL the page has requested so far (documents, scripts, images, fonts...).
    pub fn requested_urls(&mut self) -> Vec<String> {
        // (takes the events of every tab: fine with one tab at a time)
        let evs = self.b.take_events("Network.requestWillBeSent");
        evs.iter().filter_map(|e| e["request"]["url"].as_str().map(String::from)).collect()
    }

    /// Uncaught JS exceptions so far (their descriptions).
    pub fn js_errors(&mut self) -> Vec<String> {
        self.b
            .take_events("Runtime.exceptionThrown")
            .iter()
            .map(|e| {
                let d = &e["exceptionDetails"];
                d["exception"]["description"].as_str().or(d["text"].as_str()).unwrap_or("?").to_string()
            })
            .collect()
    }

    /// Evaluates JS (awaiting a returned promise) and returns its JSON value.
    pub fn eval(&mut self, js: &str) -> Result<Value> {
        let r =
            self.call("Runtime.evaluate", json!({ "expression": js, "returnByValue": true, "awaitPromise": true }))?;
        if let Some(ex) = r.get("exceptionDetails") {
            let text = ex["exception"]["description"].as_str().or(ex["text"].as_str()).unwrap_or("?");
            return Err(format!("JS exception: {text}"));
        }
        Ok(r["result"]["value"].clone())
    }

    /// Real key events (keydown, keypress, input, keyup) for each character, into the focused element.
    pub fn type_keys(&mut self, text: &str) -> Result<()> {
        for c in text.chars() {
            let s = c.to_string();
            self.call(
                "Input.dispatchKeyEvent",
                json!({ "type": "keyDown", "key": s, "text": s, "unmodifiedText": s }),
            )?;
            self.call("Input.dispatchKeyEvent", json!({ "type": "keyUp", "key": s }))?;
        }
        Ok(())
    }

    /// A named key such as Backspace, Tab, Enter, Escape.
    pub fn press(&mut self, key: &str) -> Result<()> {
        let code = match key {
            "Backspace" => 8,
            "Tab" => 9,
            "Enter" => 13,
            "Escape" => 27,
            _ => 0,
        };
        let text = if key == "Enter" { "\r" } else { "" };
        self.call(
            "Input.dispatchKeyEvent",
            json!({ "type": "rawKeyDown", "key": key, "code": key, "windowsVirtualKeyCode": code }),
        )?;
        if !text.is_empty() {
            self.call("Input.dispatchKeyEvent", json!({ "type": "char", "key": key, "text": text }))?;
        }
        self.call(
            "Input.dispatchKeyEvent",
            json!({ "type": "keyUp", "key": key, "code": key, "windowsVirtualKeyCode": code }),
        )?;
        Ok(())
    }

    /// Inserts text as an IME would (one `input` event, no key events).
    pub fn insert_text(&mut self, text: &str) -> Result<()> {
        self.call("Input.insertText", json!({ "text": text })).map(|_| ())
    }

    /// Resolves after the next frame has been produced (style, layout, paint done).
    pub fn next_frame(&mut self) -> Result<()> {
        self.eval("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(0))))").map(|_| ())
    }

    /// PNG of the viewport (or the whole page with `full_page`).
    pub fn screenshot(&mut self, full_page: bool) -> Result<Vec<u8>> {
        let r = self.call("Page.captureScreenshot", json!({ "format": "png", "captureBeyondViewport": full_page }))?;
        base64_decode(r["data"].as_str().ok_or("no data")?)
    }
}

/// `file://` URL of a local path.
pub fn file_url(path: &Path) -> String {
    let abs = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let mut url = String::from("file://");
    for b in abs.to_string_lossy().bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'/' | b'-' | b'_' | b'.' | b'~' => url.push(b as char),
            _ => url.push_str(&format!("%{b:02X}")),
        }
    }
    url
}

pub fn base64_decode(s: &str) -> Result<Vec<u8>> {
    let val = |c: u8| -> Result<u32> {
        Ok(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return Err(format!("bad base64 byte {c}")),
        } as u32)
    };
    let bytes: Vec<u8> = s.bytes().filter(|&c| c != b'=' && !c.is_ascii_whitespace()).collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= val(c)? << (18 - 6 * i);
        }
        out.push((n >> 16) as u8);
        if chunk.len() > 2 {
            out.push((n >> 8) as u8);
        }
        if chunk.len() > 3 {
            out.push(n as u8);
        }
    }
    Ok(out)
}

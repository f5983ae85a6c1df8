//! `queens serve`'s answers about the player's board: `POST /api/hint` (each stage
//! carries only what it shows) and `POST /api/why` (one cell, in three reveals),
//! and the same refusal as `queens hint` for boards whose marks were not all read.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use queens::app::serve::{router, ServeOptions};
use serde_json::Value;
use tower::ServiceExt as _;

use crate::serve::{call, error_kind};

/// The issue puzzle with the player's first queen and some right X marks.
const PLAYED: &str = "111111111\n112333999\n122439999\n124437799\n124666779\n124467799\n122467899\n122555889\n112258899\n\
                      \nQxxxxxxxx\n.x.......\n.........\n.........\n.........\n.....x...\n.........\n.........\n.........\n";

#[tokio::test]
async fn hint_answers_the_next_step_with_a_picture() {
    let (status, v) = call(ServeOptions::default(), "POST", "/api/hint", PLAYED).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["ok"], true);
    assert_eq!(v["marks"]["queens"], serde_json::json!([[0, 0]]));
    assert_eq!(v["mistakes"], serde_json::json!([]));
    // The crown's reach is taken as known (the game crosses it out itself): the
    // first hint is the next real step, and the JSON lists what the crown implies.
    // The nudge (the default) says where to look, not how: no technique yet.
    assert!(v["hint"]["technique"].is_null(), "{v}");
    assert_eq!(v["implied"].as_array().unwrap().len(), 9, "{v}");
    assert!(v["overlay"].as_str().unwrap().starts_with("data:image/png;base64,"));
    assert_eq!(v["regions"].as_array().unwrap().len(), 9);
    assert!(v["colors"]["A"].as_str().unwrap().starts_with('#'));
    // The next press: one step further, a different step.
    let (status, next) = call(ServeOptions::default(), "POST", "/api/hint?step=1&reveal=answer", PLAYED).await;
    assert_eq!(status, StatusCode::OK);
    assert_ne!(next["hint"]["decided"], v["hint"]["decided"]);
    // Every step the button walks through agrees with the solution.
    let solution = [0usize, 5, 8, 2, 7, 4, 1, 3, 6];
    for step in 0..40 {
        let (_, h) =
            call(ServeOptions::default(), "POST", &format!("/api/hint?step={step}&reveal=answer"), PLAYED).await;
        let Some(decided) = h["hint"]["decided"].as_array() else { break };
        for d in decided {
            let (r, c) = (d["cell"][0].as_u64().unwrap() as usize, d["cell"][1].as_u64().unwrap() as usize);
            assert_eq!(d["mark"] == "queen", solution[r] == c, "step {step}: {d}");
        }
    }
}

#[tokio::test]
async fn hint_pictures_follow_the_reveal_and_the_letters_choice() {
    let picture = |v: &serde_json::Value| v["overlay"].as_str().expect("a hint picture").to_string();
    let mut seen = Vec::new();
    for query in ["reveal=nudge", "reveal=reason", "reveal=answer", "", "reveal=nudge&letters=1"] {
        let (status, v) = call(ServeOptions::default(), "POST", &format!("/api/hint?{query}"), PLAYED).await;
        assert_eq!(status, StatusCode::OK, "{query}: {v}");
        assert!(v["hint"]["nudge"].as_str().is_some_and(|t| !t.is_empty()), "{query}: {v}");
        seen.push(picture(&v));
    }
    // The nudge and the reason draw the units only (their banners differ); the
    // answer adds the cells; the nudge is the default. A text puzzle's sentences
    // name regions by letter, so its pictures draw the letters with or without letters=1.
    assert_ne!(seen[0], seen[1], "the banner follows the reveal");
    assert_ne!(seen[0], seen[2]);
    assert_eq!(seen[0], seen[3], "the nudge is the default, as for queens hint");
    assert_eq!(seen[0], seen[4], "the letters are drawn for a board named by letter");
    let (status, v) = call(ServeOptions::default(), "POST", "/api/hint?reveal=everything", PLAYED).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error_kind(&v), "bad-request");
}

#[tokio::test]
async fn hint_shows_mistakes_first_and_checks_its_query() {
    let wrong = PLAYED.replace("Qxxxxxxxx", "xQxxxxxxx");
    let (status, v) = call(ServeOptions::default(), "POST", "/api/hint?step=3&reveal=answer", wrong).await;
    assert_eq!(status, StatusCode::OK);
    // Two wrong marks; the answer is about the one to fix first, and only that one.
    assert_eq!((&v["mistake_count"], &v["mistakes"]), (&2.into(), &serde_json::json!([[0, 1]])));
    assert_eq!(v["hint"]["technique"], "mistake");
    let (status, v) = call(ServeOptions::default(), "POST", "/api/hint?step=-1", PLAYED).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error_kind(&v), "bad-request");
    let (status, v) = call(ServeOptions::default(), "POST", "/api/hint", "not a puzzle\n").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error_kind(&v), "parse");
}

/// Each stage of a hint carries only what it shows: the board alone says only
/// whether there is a hint; the nudge no reason, no sentence, no decided cell; the
/// reason no sentence; a mistake is counted but not placed before the answer.
#[tokio::test]
async fn hint_json_holds_only_the_stage_asked_for() {
    let ask = |q: &'static str, body: String| async move {
        let (status, v) = call(ServeOptions::default(), "POST", &format!("/api/hint?{q}"), body).await;
        assert_eq!(status, StatusCode::OK, "{q}: {v}");
        v
    };
    let board = ask("reveal=board", PLAYED.into()).await;
    assert_eq!((&board["reveal"], &board["hint"], &board["has_hint"]), (&"board".into(), &Value::Null, &true.into()));
    assert!(board["overlay"].as_str().is_some_and(|s| s.starts_with("data:image/png")), "{board}");
    assert_eq!(board["board_box"].as_array().map(Vec::len), Some(4), "{board}");
    let nudge = ask("reveal=nudge", PLAYED.into()).await;
    let h = &nudge["hint"];
    assert!(h["nudge"].is_string() && h["reason"].is_null() && h["text"].is_null(), "{h}");
    assert_eq!(h["decided"], serde_json::json!([]));
    let reason = ask("reveal=reason", PLAYED.into()).await;
    assert!(reason["hint"]["reason"].is_string() && reason["hint"]["text"].is_null(), "{reason}");
    assert_eq!(reason["hint"]["decided"], serde_json::json!([]));
    let answer = ask("reveal=answer", PLAYED.into()).await;
    assert!(answer["hint"]["text"].is_string() && !answer["hint"]["decided"].as_array().unwrap().is_empty());
    let pictures = [&board, &nudge, &reason, &answer].map(|v| v["overlay"].as_str().unwrap().to_string());
    for (k, p) in pictures.iter().enumerate() {
        assert!(!pictures[k + 1..].contains(p), "stage {k}'s picture is a later stage's");
    }

    // The nudge says where to look, not how: no technique and no level before the reason.
    assert!(h["technique"].is_null() && h["level"].is_null(), "{h}");
    assert_eq!(reason["hint"]["technique"], "one-line", "{reason}");
    assert!(reason["hint"]["level"].is_u64());

    // A mistake: neither counted nor placed before the answer, and at the answer
    // only the mark being fixed (the other wrong mark is a later answer's).
    let wrong = PLAYED.replace("Qxxxxxxxx", "xQxxxxxxx");
    for q in ["reveal=board", "reveal=nudge", "reveal=reason"] {
        let v = ask(q, wrong.clone()).await;
        assert_eq!((&v["mistake_count"], &v["mistakes"]), (&Value::Null, &serde_json::json!([])), "{q}: {v}");
        assert!(v["clashes"].as_array().unwrap().is_empty(), "{q}: {v}");
        if q == "reveal=board" {
            assert!(v["implied"].is_null(), "what the crowns rule out is empty on a board with a mistake: {v}");
        }
        let fixing = if q == "reveal=board" { Value::Null } else { true.into() };
        assert_eq!(v["fixing"], fixing, "{q}: whether the hint is a fix is the nudge's to say");
        let said = v["hint"].to_string();
        assert!(!said.contains("row 1, column 2") && !said.contains("row 1, column 1"), "{q} names the mark: {said}");
    }
    let v = ask("reveal=answer", wrong).await;
    assert_eq!(v["mistake_count"], 2, "{v}");
    assert_eq!(v["mistakes"].as_array().map(Vec::len), Some(1), "only the mark being fixed: {v}");
    assert_eq!(v["hint"]["uses"]["cells"], serde_json::json!([v["mistakes"][0]]), "{v}");
}

/// The live board's questions: the position as text, answered without a picture,
/// and in the screenshot's colour words when the text carries its colours.
#[tokio::test]
async fn a_position_sent_as_text_is_answered_without_a_picture() {
    for uri in ["/api/hint?reveal=answer&picture=none", "/api/why?cell=r2c6&reveal=answer&picture=none"] {
        let (status, v) = call(ServeOptions::default(), "POST", uri, PLAYED).await;
        assert_eq!(status, StatusCode::OK, "{uri}: {v}");
        assert!(v["overlay"].is_null() && v["board_box"].is_null(), "{uri}: {v}");
        assert_eq!(v["names"], "letters", "{uri}: a text puzzle's regions go by letter");
    }
    let (status, v) = call(ServeOptions::default(), "POST", "/api/hint?picture=jpeg", PLAYED).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    // The same position with its regions' colours: the words name the colours.
    let colours = "# colors: #bba3e2 #ffc992 #96beff #b3dfa0 #dfdfdf #ff7b60 #e6f388 #dfa0bf #95cbcf\n";
    let (_, by_letter) = call(ServeOptions::default(), "POST", "/api/hint?reveal=nudge&picture=none", PLAYED).await;
    let body = format!("{colours}{PLAYED}");
    let (status, v) = call(ServeOptions::default(), "POST", "/api/hint?reveal=nudge&picture=none", body).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["names"], "colours");
    assert_eq!(by_letter["hint"]["nudge"], "Look at column 2 and region B.");
    assert_eq!(v["hint"]["nudge"], "Look at column 2 and the orange region.");
    assert_eq!(v["colors"]["B"], "#ffc992", "the colours come back as given");
    // One colour too few is refused, naming the cause.
    let short = format!("# colors: #bba3e2\n{PLAYED}");
    let (status, v) = call(ServeOptions::default(), "POST", "/api/hint?picture=none", short).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"]["message"].as_str().unwrap().contains("1 colours for 9 regions"), "{v}");
}

/// Walk through on the live board: step n ≥ 1 lists the cells the steps before
/// it decided (`earlier`), which the page draws as done.
#[tokio::test]
async fn a_later_step_lists_what_the_earlier_ones_decided() {
    let (_, first) = call(ServeOptions::default(), "POST", "/api/hint?reveal=answer&picture=none", PLAYED).await;
    assert_eq!(first["earlier"], serde_json::json!([]));
    let (_, second) = call(ServeOptions::default(), "POST", "/api/hint?step=1&reveal=nudge&picture=none", PLAYED).await;
    assert_eq!(second["earlier"], first["hint"]["decided"], "{second}");
}

/// `POST /api/generate`: a new unique puzzle at the grade asked for, as text the
/// page plays; a query it cannot make is a 400 that says why.
#[tokio::test]
async fn generate_makes_a_puzzle_the_page_can_play() {
    let (status, v) = call(ServeOptions::default(), "POST", "/api/generate?size=7&grade=easy&seed=11", "").await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!((&v["n"], &v["stars"], &v["grade"]), (&7.into(), &1.into(), &"easy".into()));
    let puzzle = v["puzzle"].as_str().unwrap().to_string();
    // Played like any position: its board answers, unique and graded as asked.
    let (status, board) = call(ServeOptions::default(), "POST", "/api/hint?reveal=board&picture=none", puzzle).await;
    assert_eq!(status, StatusCode::OK, "{board}");
    assert_eq!((&board["n"], &board["has_hint"]), (&7.into(), &true.into()));
    assert_eq!(board["difficulty"]["grade"], "easy");
    for (uri, says) in [
        ("/api/generate?size=30", "size must be"),
        ("/api/generate?size=5&stars=2", "at most 1 star"),
        ("/api/generate?grade=impossible", "grade must be"),
    ] {
        let (status, v) = call(ServeOptions::default(), "POST", uri, "").await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}: {v}");
        assert!(v["error"]["message"].as_str().unwrap().contains(says), "{uri}: {v}");
    }
}

#[tokio::test]
async fn why_answers_a_cell_in_three_reveals_with_a_picture_each() {
    let mut pictures = Vec::new();
    for reveal in ["nudge", "reason", "answer"] {
        let uri = format!("/api/why?cell=r2c6&reveal={reveal}");
        let (status, v) = call(ServeOptions::default(), "POST", &uri, PLAYED).await;
        assert_eq!(status, StatusCode::OK, "{reveal}: {v}");
        assert_eq!((&v["ok"], &v["cell"], &v["reveal"]), (&true.into(), &serde_json::json!([1, 5]), &reveal.into()));
        assert!(v["nudge"].is_string(), "{v}");
        assert_eq!(v["reason"].is_string(), reveal != "nudge", "{reveal}: {v}");
        assert_eq!(v["text"].is_string(), reveal == "answer", "{reveal}: {v}");
        assert_eq!(v["steps"].as_array().unwrap().is_empty(), reveal != "answer", "{reveal}: {v}");
        pictures.push(v["overlay"].as_str().expect("a picture").to_string());
        assert_eq!(v["board_box"].as_array().map(Vec::len), Some(4));
        if reveal == "answer" {
            // The solution's row 2 queen is in column 6: the answer says so.
            assert_eq!(v["state"], "queen", "{v}");
        }
    }
    assert!(pictures[0] != pictures[1] && pictures[1] != pictures[2], "each reveal has its own picture");
    // The default is the nudge, as for `queens why`.
    let (_, v) = call(ServeOptions::default(), "POST", "/api/why?cell=r2c6", PLAYED).await;
    assert_eq!((&v["reveal"], &v["text"]), (&"nudge".into(), &Value::Null));
}

#[tokio::test]
async fn why_refuses_a_bad_cell_with_400_and_a_cell_off_the_board_with_its_error() {
    for (uri, says) in [
        ("/api/why?cell=zz", "write r3c5"),
        ("/api/why", "?cell=r3c5"),
        ("/api/why?cell=r0c2", "count from 1"),
        ("/api/why?cell=r2c2&reveal=board", "nudge, reason or answer"),
    ] {
        let (status, v) = call(ServeOptions::default(), "POST", uri, PLAYED).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}: {v}");
        assert_eq!(error_kind(&v), "bad-request");
        let message = v["error"]["message"].as_str().unwrap();
        assert!(message.contains(says), "{uri}: {message}");
    }
    let (status, v) = call(ServeOptions::default(), "POST", "/api/why?cell=r12c3", PLAYED).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(error_kind(&v), "no-such-cell");
    assert!(v["error"]["message"].as_str().unwrap().contains("r12c3 is not on this 9x9 board"), "{v}");
}

/// The page and the terminal give one answer for one picture: every played Star
/// Battle screenshot of the corpus gets the same answer kind (`ok`, or the
/// error's kind) from `/api/hint` as from `queens hint`, and their marks are read:
/// none is refused as `unsure-marks`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn played_star_battle_screenshots_get_the_answer_kind_of_queens_hint() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/starbattle-played");
    if !dir.is_dir() {
        eprintln!("skipped: the corpus is missing ({} not found)", dir.display());
        return;
    }
    let kind = |v: &Value| v["error"]["kind"].as_str().unwrap_or("ok").to_string();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["hint", "--json"])
        .arg(&dir)
        .output()
        .expect("queens runs");
    let mut terminal = std::collections::BTreeMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let name = v["input"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
        terminal.insert(name, kind(&v));
    }
    assert!(terminal.len() >= 50, "queens hint answered {} screenshots", terminal.len());
    // Every upload waits for a slot rather than being told the server is busy.
    let opts = ServeOptions { queue_wait: std::time::Duration::from_secs(600), ..ServeOptions::default() };
    let app = router(opts);
    let tasks: Vec<_> = terminal
        .keys()
        .map(|name| {
            let (app, bytes) = (app.clone(), std::fs::read(dir.join(name)).unwrap());
            tokio::spawn(async move {
                let req =
                    Request::builder().method("POST").uri("/api/hint?reveal=board").body(Body::from(bytes)).unwrap();
                let res = app.oneshot(req).await.unwrap();
                let bytes = axum::body::to_bytes(res.into_body(), usize::MAX).await.unwrap();
                serde_json::from_slice::<Value>(&bytes).unwrap()
            })
        })
        .collect();
    let mut differ = Vec::new();
    for ((name, said), task) in terminal.iter().zip(tasks) {
        let page = kind(&task.await.unwrap());
        if &page != said {
            differ.push(format!("{name}: terminal {said}, page {page}"));
        }
    }
    assert!(differ.is_empty(), "the page and the terminal disagree:\n{}", differ.join("\n"));
    let unsure: Vec<&String> = terminal.iter().filter(|(_, k)| *k == "unsure-marks").map(|(name, _)| name).collect();
    assert!(unsure.is_empty(), "refused as unsure: {unsure:?}");
}

/// The page names a board's pieces as the terminal and the pictures do: a grid read
/// from its borders alone is Star Battle even with one star (its pieces are stars),
/// a coloured Queens screenshot has crowns. The page used to say "crown" on the
/// first, from K alone. And each answer says whether its picture carries the
/// region letters, so the page's letters box never sits unchecked beside them.
#[tokio::test]
async fn every_answer_says_what_the_boards_pieces_are() {
    let samples = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    for (file, piece) in
        [("bordered-9x9.png", "star"), ("desktop-light-8x8.png", "crown"), ("starbattle-played.png", "star")]
    {
        let body = std::fs::read(samples.join(file)).unwrap();
        for uri in ["/api/solve", "/api/hint?reveal=nudge", "/api/why?cell=r1c1&reveal=nudge"] {
            let (status, v) = call(ServeOptions::default(), "POST", uri, body.clone()).await;
            assert_eq!(status, StatusCode::OK, "{file} {uri}: {v}");
            assert_eq!(v["piece"], piece, "{file} {uri}");
            // A grid of borders names its regions by letter: its hint and "why?" pictures carry them.
            let always = file == "bordered-9x9.png" || file == "starbattle-played.png";
            assert_eq!(v["letters"], always && uri != "/api/solve", "{file} {uri}");
        }
    }
}

/// The position as the live board sends it (`toText` in the page's board.js): the
/// stars line, the colours line when the answers name regions by colour, the
/// regions, and the marks.
fn position_text(board: &Value) -> String {
    let mut text = format!("# stars: {}\n", board["stars"]);
    if board["names"] == "colours" {
        let colors = board["colors"].as_object().unwrap();
        let mut letters: Vec<&String> = colors.keys().collect();
        letters.sort();
        let list: Vec<&str> = letters.iter().map(|l| colors[*l].as_str().unwrap()).collect();
        text.push_str(&format!("# colors: {}\n", list.join(" ")));
    }
    let rows: Vec<&str> = board["regions"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
    let n = rows.len();
    let mut marks = vec![vec!['.'; n]; n];
    for (list, symbol) in [("crosses", 'x'), ("queens", 'Q')] {
        for cell in board["marks"][list].as_array().unwrap() {
            marks[cell[0].as_u64().unwrap() as usize][cell[1].as_u64().unwrap() as usize] = symbol;
        }
    }
    text.push_str(&rows.join("\n"));
    text.push_str("\n\n");
    for row in marks {
        text.push_str(&row.into_iter().collect::<String>());
        text.push('\n');
    }
    text
}

/// The live board answers as the terminal does: for every played screenshot of
/// the corpus (Queens and Star Battle), the page reads the board once, then asks
/// about the position as text; its hint (all three reveals) and its "why?" about a
/// cell are `queens hint` and `queens why` on the screenshot, word for word, the
/// screenshot's colour names included.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_live_board_answers_word_for_word_as_the_terminal_does() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let dirs = [root.join("played"), root.join("starbattle-played")];
    if dirs.iter().any(|d| !d.is_dir()) {
        eprintln!("skipped: the corpus is missing ({} not found)", root.display());
        return;
    }
    let terminal = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
            .args(args)
            .args(["--no-image", "--json"])
            .args(&dirs)
            .output()
            .expect("queens runs");
        let mut by_name = std::collections::BTreeMap::new();
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            let v: Value = serde_json::from_str(line).unwrap();
            by_name.insert(v["input"].as_str().unwrap().to_string(), v);
        }
        by_name
    };
    let hints = terminal(&["hint", "--reveal", "answer"]);
    let whys = terminal(&["why", "--reveal", "answer", "r2c3"]);
    assert!(hints.len() >= 100, "queens hint answered {} screenshots", hints.len());
    let opts = ServeOptions { queue_wait: std::time::Duration::from_secs(600), ..ServeOptions::default() };
    let (mut compared, mut differ, mut coloured) = (0, Vec::new(), 0);
    for (input, hint) in &hints {
        let bytes = std::fs::read(input).unwrap();
        let (_, board) = call(opts.clone(), "POST", "/api/hint?reveal=board&picture=none", bytes).await;
        if hint["ok"] != true || board["ok"] != true {
            assert_eq!(hint["error"]["kind"], board["error"]["kind"], "{input}: the same refusal");
            continue;
        }
        let text = position_text(&board);
        coloured += usize::from(board["names"] == "colours");
        for (reveal, key) in [("nudge", "nudge"), ("reason", "reason"), ("answer", "text")] {
            let uri = format!("/api/hint?reveal={reveal}&picture=none");
            let (_, live) = call(opts.clone(), "POST", &uri, text.clone()).await;
            if live["hint"][key] != hint["hint"][key] {
                differ.push(format!(
                    "{input} hint {reveal}: terminal {} / page {}",
                    hint["hint"][key], live["hint"][key]
                ));
            }
        }
        let why = &whys[input];
        let (_, live) = call(opts.clone(), "POST", "/api/why?cell=r2c3&reveal=answer&picture=none", text).await;
        for key in ["nudge", "reason", "text"] {
            if live[key] != why[key] {
                differ.push(format!("{input} why {key}: terminal {} / page {}", why[key], live[key]));
            }
        }
        compared += 1;
    }
    assert!(differ.is_empty(), "the live board and the terminal disagree:\n{}", differ.join("\n"));
    assert!(compared >= 100, "only {compared} screenshots compared");
    assert!(coloured >= 50, "only {coloured} boards named by colour: the colour words are not being checked");
}

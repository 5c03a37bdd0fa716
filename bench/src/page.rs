//! Scenario 5: page weight and Lighthouse. Builds web/ (`npm run build`), prints `npm run size` (gzipped JS+CSS a
//! first visit to / loads statically), rebuilds the server so it embeds that build, starts it with `--demo`, and
//! runs Lighthouse (npm `lighthouse`, Debian's Chromium via CHROME_PATH, headless, mobile) on / and
//! /games/ayo-express: performance and accessibility scores, and the JS/CSS bytes it saw transferred.

use std::process::Command;

use anyhow::Context;

use crate::server::{build_ayo, workspace, Server};
use crate::stats;

const PAGES: [&str; 2] = ["/", "/games/ayo-express"];

pub fn run(no_build: bool) -> anyhow::Result<()> {
    stats::heading("page: first-visit weight and Lighthouse (mobile)");
    let web = workspace().join("web");
    if !no_build {
        if !web.join("node_modules").exists() {
            npm(&web, &["ci", "--no-audit", "--no-fund"])?;
        }
        npm(&web, &["run", "build"])?;
    }
    let size = Command::new("npm").current_dir(&web).args(["run", "--silent", "size"]).output()?;
    print!("npm run size:\n{}", String::from_utf8_lossy(&size.stdout));
    eprint!("{}", String::from_utf8_lossy(&size.stderr));
    build_ayo()?;
    let dir = tempfile::tempdir()?;
    let server = Server::start(dir.path(), &["--demo"])?;
    let chrome = std::env::var("CHROME_PATH").unwrap_or_else(|_| "/usr/bin/chromium".into());
    for page in PAGES {
        let out = dir.path().join("lighthouse.json");
        let status = Command::new("npx")
            .current_dir(&web)
            .args(["--yes", "lighthouse@12"])
            .arg(format!("{}{page}", server.url))
            .args([
                "--quiet",
                "--output=json",
                "--only-categories=performance,accessibility",
                "--chrome-flags=--headless --no-sandbox",
            ])
            .arg(format!("--output-path={}", out.display()))
            .env("CHROME_PATH", &chrome)
            .status()
            .context("running npx lighthouse")?;
        if !status.success() {
            println!("{page}: lighthouse failed ({status})");
            continue;
        }
        let report: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&out)?)?;
        let score = |c: &str| report["categories"][c]["score"].as_f64().map_or(-1.0, |s| s * 100.0);
        let metric = |a: &str| report["audits"][a]["displayValue"].as_str().unwrap_or("?").replace('\u{a0}', " ");
        let transferred = |kind: &str| {
            report["audits"]["resource-summary"]["details"]["items"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|i| i["resourceType"] == kind)
                .and_then(|i| i["transferSize"].as_f64())
                .map_or(-1.0, |b| b / 1024.0)
        };
        println!(
            "{page}: performance {:.0}, accessibility {:.0}; FCP {}, LCP {}, TBT {}, CLS {}; transferred JS {:.1} KiB, \
             CSS {:.1} KiB (as served: compressed by the server's negotiated encoding)",
            score("performance"),
            score("accessibility"),
            metric("first-contentful-paint"),
            metric("largest-contentful-paint"),
            metric("total-blocking-time"),
            metric("cumulative-layout-shift"),
            transferred("script"),
            transferred("stylesheet"),
        );
        let failing: Vec<String> = report["audits"]
            .as_object()
            .into_iter()
            .flatten()
            .filter(|(_, a)| a["score"].as_f64().is_some_and(|s| s < 0.9) && a["scoreDisplayMode"] == "binary")
            .map(|(id, _)| id.clone())
            .collect();
        if !failing.is_empty() {
            println!("  failing binary audits: {}", failing.join(", "));
        }
    }
    println!("load after: {}", stats::load());
    server.kill();
    Ok(())
}

fn npm(dir: &std::path::Path, args: &[&str]) -> anyhow::Result<()> {
    let status = Command::new("npm").current_dir(dir).args(args).status()?;
    anyhow::ensure!(status.success(), "npm {} failed", args.join(" "));
    Ok(())
}

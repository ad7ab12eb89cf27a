//! Each workspace crate's declared `rust-version` must be at least the
//! highest `rust-version` any of its normal or build dependencies declare:
//! a crate that claims 1.80 but pulls in a dependency needing 1.87 fails to
//! build for the user who trusted the claim (naga needs 1.87, hashbrown 1.85).
//! Read from `cargo metadata`, so the check follows every dependency change.

use std::collections::{HashMap, HashSet};
use std::process::Command;

use serde_json::Value;

/// `1.85` and `1.85.0` are the same version: missing parts count as 0.
fn version(text: &str) -> [u64; 3] {
    let mut parts = [0; 3];
    for (slot, part) in parts.iter_mut().zip(text.split('.')) {
        *slot = part.parse().unwrap();
    }
    parts
}

#[test]
fn declared_rust_version_covers_every_dependency() {
    let output = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--locked"])
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: Value = serde_json::from_slice(&output.stdout).unwrap();

    let packages: HashMap<&str, &Value> = metadata["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|package| (package["id"].as_str().unwrap(), package))
        .collect();
    let nodes: HashMap<&str, &Value> = metadata["resolve"]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|node| (node["id"].as_str().unwrap(), node))
        .collect();

    let mut too_low = Vec::new();
    for member in metadata["workspace_members"].as_array().unwrap() {
        let member = member.as_str().unwrap();
        let name = packages[member]["name"].as_str().unwrap();
        let declared = packages[member]["rust_version"]
            .as_str()
            .unwrap_or_else(|| panic!("{name} declares no rust-version"));
        let mut seen = HashSet::new();
        let mut stack = vec![member];
        while let Some(id) = stack.pop() {
            if !seen.insert(id) {
                continue;
            }
            if let Some(needed) = packages[id]["rust_version"].as_str() {
                if version(needed) > version(declared) {
                    too_low.push(format!(
                        "{name} declares rust-version {declared}, but {} needs {needed}",
                        packages[id]["name"].as_str().unwrap()
                    ));
                }
            }
            for dep in nodes[id]["deps"].as_array().unwrap() {
                let runtime =
                    dep["dep_kinds"].as_array().unwrap().iter().any(|kind| {
                        kind["kind"].is_null() || kind["kind"].as_str() == Some("build")
                    });
                if runtime {
                    stack.push(dep["pkg"].as_str().unwrap());
                }
            }
        }
    }
    assert!(too_low.is_empty(), "{}", too_low.join("\n"));
}

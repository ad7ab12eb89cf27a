//! Mutates real shader files at random (deterministic seed) and checks that
//! the front end never panics, whatever it is given.

#[test]
fn mutated_shaders_never_panic() {
    let base = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/scene.hlsl"
    ))
    .unwrap();
    let corpus = [
        base.clone(),
        std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/corpus/terrain.hlsl"
        ))
        .unwrap(),
    ];
    let opts = cblower_hlsl::FrontendOptions::default();
    let mut seed: u64 = 0x1234_5678;
    let mut rnd = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let pieces = [
        "{",
        "}",
        "(",
        ")",
        "<",
        ">",
        ">>",
        "#",
        "##",
        "\"",
        "'",
        "/*",
        "*/",
        ";",
        ",",
        ":",
        "[",
        "]",
        "[[",
        "\\\n",
        "\n#if 1\n",
        "\n#endif\n",
        "\n#define X(a) a ## a\n",
        "X(",
        "struct",
        "cbuffer",
        "typedef",
        "packoffset(c",
        "register(",
        "::",
        "template<",
        "float4",
        "0x",
        "99999999999999999999",
        "é",
        "\0",
    ];
    for i in 0..1500 {
        let mut s: Vec<char> = corpus[i % 2].chars().collect();
        for _ in 0..(rnd() % 6 + 1) {
            let pos = (rnd() as usize) % (s.len() + 1);
            match rnd() % 3 {
                0 => {
                    let p = pieces[(rnd() as usize) % pieces.len()];
                    for (k, c) in p.chars().enumerate() {
                        s.insert(pos + k, c);
                    }
                }
                1 => {
                    if pos < s.len() {
                        let end = (pos + (rnd() as usize % 20)).min(s.len());
                        s.drain(pos..end);
                    }
                }
                _ => {
                    if pos < s.len() {
                        s.truncate(pos);
                    }
                }
            }
        }
        let text: String = s.into_iter().collect();
        let r = std::panic::catch_unwind(|| {
            let _ = cblower_hlsl::parse_source("f.hlsl", &text, &opts).map_err(|e| e.render(false));
        });
        if r.is_err() {
            panic!("front end panicked on mutation {i}:\n{text}");
        }
    }
}

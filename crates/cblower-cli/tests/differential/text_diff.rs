//! A line diff (longest common subsequence) for failure messages.

pub fn line_diff(left_label: &str, left: &[String], right_label: &str, right: &[String]) -> String {
    let (n, m) = (left.len(), right.len());
    let mut lcs = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i][j] = if left[i] == right[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let mut out = format!("--- {left_label}\n+++ {right_label}\n");
    let (mut i, mut j) = (0, 0);
    while i < n || j < m {
        if i < n && j < m && left[i] == right[j] {
            out.push_str(&format!("  {}\n", left[i]));
            i += 1;
            j += 1;
        } else if j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j]) {
            out.push_str(&format!("+ {}\n", right[j]));
            j += 1;
        } else {
            out.push_str(&format!("- {}\n", left[i]));
            i += 1;
        }
    }
    out
}

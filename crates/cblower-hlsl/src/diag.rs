//! Diagnostics: an error or warning at a [`Span`], with a `help:` line that
//! says how to fix it, rendered with `codespan-reporting`.
//!
//! Later stages (e.g. the layout engine reporting a packoffset overlap) build
//! their own [`Diagnostic`] at a member's span from [`crate::BufferSpans`] and
//! render it with the same [`SourceMap`].

use std::fmt;

use codespan_reporting::diagnostic as cs;
use codespan_reporting::term;

use crate::source::{Location, SourceMap, Span};

/// How serious a [`Diagnostic`] is: only errors make parsing fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The input cannot be lowered; [`crate::parse_file`] returns an error.
    Error,
    /// Worth telling the user (`#warning`, a skipped construct); lowering goes on.
    Warning,
}

/// A secondary location, e.g. "first declared here".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// Where the secondary location is.
    pub span: Span,
    /// What it says about that location (`first declared here`).
    pub message: String,
}

/// One error or warning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Whether this stops the translation unit.
    pub severity: Severity,
    /// What is wrong, without location.
    pub message: String,
    /// Where it is wrong; `None` only for problems with no source position
    /// (e.g. the main file cannot be read).
    pub span: Option<Span>,
    /// Secondary locations, rendered after the primary one.
    pub labels: Vec<Label>,
    /// How to fix it.
    pub help: Option<String>,
    /// Extra `note:` lines (background, not a fix), in order.
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// An error at `span`.
    pub fn error(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Error, Some(span), message)
    }

    /// A warning at `span`.
    pub fn warning(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Warning, Some(span), message)
    }

    /// An error that has no position in any source file.
    pub fn error_without_span(message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Error, None, message)
    }

    fn new(severity: Severity, span: Option<Span>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity,
            message: message.into(),
            span,
            labels: Vec::new(),
            help: None,
            notes: Vec::new(),
        }
    }

    /// Sets the `help:` line that tells the user how to fix the problem.
    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// Adds a secondary location ("first declared here").
    pub fn with_label(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.labels.push(Label {
            span,
            message: message.into(),
        });
        self
    }

    /// Adds a `note:` line.
    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    /// Whether the severity is [`Severity::Error`].
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The presumed location of the primary span.
    pub fn location(&self, sources: &SourceMap) -> Option<Location> {
        self.span.map(|s| sources.location(s))
    }

    /// Renders `error: ...`, `--> file:line:col`, the source line with a
    /// caret and a `help:` line.
    pub fn render(&self, sources: &SourceMap, color: bool) -> String {
        let severity = match self.severity {
            Severity::Error => cs::Severity::Error,
            Severity::Warning => cs::Severity::Warning,
        };
        let mut labels = Vec::new();
        if let Some(span) = self.span {
            labels.push(cs::Label::primary(
                sources.display_id(span),
                sources.clamp_range(span),
            ));
        }
        for l in &self.labels {
            labels.push(
                cs::Label::secondary(sources.display_id(l.span), sources.clamp_range(l.span))
                    .with_message(l.message.clone()),
            );
        }
        let mut notes = self.notes.clone();
        if let Some(h) = &self.help {
            notes.push(format!("help: {h}"));
        }
        let d = cs::Diagnostic::new(severity)
            .with_message(self.message.clone())
            .with_labels(labels)
            .with_notes(notes);
        let config = term::Config {
            chars: term::Chars::ascii(),
            ..term::Config::default()
        };
        let rendered = if color {
            let mut buf = term::termcolor::Buffer::ansi();
            term::emit_to_write_style(&mut buf, &config, sources, &d)
                .map(|()| String::from_utf8_lossy(buf.as_slice()).into_owned())
        } else {
            term::emit_into_string(&config, sources, &d)
        };
        // Rendering only fails if a span is stale; fall back to one line.
        rendered.unwrap_or_else(|_| self.render_plain_line(sources))
    }

    fn render_plain_line(&self, sources: &SourceMap) -> String {
        let sev = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let mut out = match self.location(sources) {
            Some(l) => format!(
                "{sev}: {}\n  --> {}:{}:{}\n",
                self.message, l.file, l.line, l.column
            ),
            None => format!("{sev}: {}\n", self.message),
        };
        if let Some(h) = &self.help {
            out.push_str(&format!("  = help: {h}\n"));
        }
        out
    }
}

/// One or more diagnostics, in the order they were found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics {
    items: Vec<Diagnostic>,
}

impl Diagnostics {
    /// An empty list.
    pub fn new() -> Diagnostics {
        Diagnostics::default()
    }

    /// Appends one diagnostic.
    pub fn push(&mut self, d: Diagnostic) {
        self.items.push(d);
    }

    /// Appends all of `other`, keeping its order.
    pub fn extend(&mut self, other: Diagnostics) {
        self.items.extend(other.items);
    }

    /// Whether any diagnostic is an error (warnings alone do not fail a parse).
    pub fn has_errors(&self) -> bool {
        self.items.iter().any(Diagnostic::is_error)
    }

    /// Whether there are no diagnostics at all.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// How many diagnostics there are, errors and warnings together.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Removes and returns the diagnostics from index `at` on.
    pub fn split_off(&mut self, at: usize) -> Vec<Diagnostic> {
        self.items.split_off(at.min(self.items.len()))
    }

    /// The diagnostics in the order they were reported.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.items.iter()
    }

    /// All diagnostics rendered one after another.
    pub fn render(&self, sources: &SourceMap, color: bool) -> String {
        let mut out = String::new();
        for d in &self.items {
            out.push_str(&d.render(sources, color));
        }
        out
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Diagnostics {
        Diagnostics { items: vec![d] }
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

/// What [`crate::parse_file`] returns on failure: the diagnostics together
/// with the files they point into, so they can be rendered.
#[derive(Clone, Debug)]
pub struct ParseError {
    /// Every error and warning found, in the order they were reported.
    pub diagnostics: Diagnostics,
    /// The files the diagnostics' spans point into (the main file and every
    /// `#include` read before the failure).
    pub sources: SourceMap,
}

impl ParseError {
    /// All diagnostics rendered as `codespan-reporting` text, with ANSI colours
    /// if `color` is set.
    pub fn render(&self, color: bool) -> String {
        self.diagnostics.render(&self.sources, color)
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(false))
    }
}

impl std::error::Error for ParseError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_message_location_caret_and_help() {
        let mut sm = SourceMap::new();
        let f = sm.add("s.hlsl", None, "cbuffer CB {\n  flaot4 c;\n};\n".into());
        let d = Diagnostic::error(Span::new(f, 15, 21), "unknown type name `flaot4`")
            .with_help("did you mean `float4`?");
        let text = d.render(&sm, false);
        assert_eq!(
            text,
            "error: unknown type name `flaot4`\n  --> s.hlsl:2:3\n  |\n2 |   flaot4 c;\n  |   ^^^^^^\n  |\n  = help: did you mean `float4`?\n\n"
        );
    }
}

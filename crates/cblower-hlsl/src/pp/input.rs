//! The preprocessor's input: one lazily lexed token stream per open file,
//! each with its own push-back stack for macro expansions and lookahead.
//!
//! Files are lexed a token at a time, so the tokens of a whole file never sit
//! in memory together. Push-back is per file because an `#include` is entered
//! after its line has been read: the token that ended the line (peeked to see
//! where the line ends) must come after the included file, not before it.

use std::sync::Arc;

use crate::diag::Diagnostic;
use crate::lexer::{Interner, Lexer, Token, TokenKind};
use crate::source::{FileId, Span};

/// A stack of tokens still to be read, next token on top. Macro expansion
/// works on the main input and on token lists (arguments, `#if` lines) alike.
pub(super) trait TokenStack {
    fn peek(&mut self) -> Option<&Token>;
    fn pop(&mut self) -> Option<Token>;
    /// Makes `t` the next token.
    fn push(&mut self, t: Token);
    /// Makes `tokens` the next tokens, in their order.
    fn push_all(&mut self, tokens: Vec<Token>);
}

impl TokenStack for Vec<Token> {
    fn peek(&mut self) -> Option<&Token> {
        self.last()
    }

    fn pop(&mut self) -> Option<Token> {
        Vec::pop(self)
    }

    fn push(&mut self, t: Token) {
        Vec::push(self, t);
    }

    fn push_all(&mut self, tokens: Vec<Token>) {
        self.extend(tokens.into_iter().rev());
    }
}

/// One open file's tokens.
struct FileInput {
    lexer: Lexer,
    /// Tokens to read before the lexer's next one, next token last.
    pending: Vec<Token>,
    /// The end-of-file token was handed out (the lexer is done).
    eof_sent: bool,
}

/// The token streams of the open files, innermost last.
#[derive(Default)]
pub(super) struct Input {
    files: Vec<FileInput>,
    interner: Interner,
    /// A lexer error met while reading (only an unterminated block comment,
    /// which [`Lexer::check_comments`] already reported when the file was
    /// entered, so this stays empty in practice).
    pub(super) errors: Vec<Diagnostic>,
}

impl Input {
    pub(super) fn new() -> Input {
        Input {
            files: Vec::new(),
            interner: Interner::cached(),
            errors: Vec::new(),
        }
    }

    /// Starts reading `text` as file `file`; its tokens come before any
    /// still pending in the including file.
    pub(super) fn enter(&mut self, file: FileId, text: Arc<String>) -> Result<(), Diagnostic> {
        let lexer = Lexer::new(file, text);
        lexer.check_comments()?;
        self.files.push(FileInput {
            lexer,
            pending: Vec::new(),
            eof_sent: false,
        });
        Ok(())
    }

    /// Stops reading the innermost file (after its end-of-file token).
    pub(super) fn leave(&mut self) {
        self.files.pop();
    }

    pub(super) fn interner(&mut self) -> &mut Interner {
        &mut self.interner
    }

    /// The next token the innermost file's lexer gives (its end-of-file
    /// token once, then nothing).
    fn lex_next(&mut self) -> Option<Token> {
        let f = self.files.last_mut()?;
        if f.eof_sent {
            return None;
        }
        match f.lexer.next_token(&mut self.interner) {
            Ok(Some(t)) => return Some(t),
            Ok(None) => {}
            Err(d) => self.errors.push(d),
        }
        f.eof_sent = true;
        let end = f.lexer.end_byte();
        let file = f.lexer.file();
        let mut eof = Token::new(
            TokenKind::EndOfFile,
            self.interner.intern(""),
            Span::new(file, end, end),
        );
        eof.line_start = true;
        Some(eof)
    }

    /// The token after the next one, in the same file (for a directive's
    /// name after its `#`).
    pub(super) fn peek_second(&mut self) -> Option<&Token> {
        self.peek()?;
        let has_two = self.files.last().is_some_and(|f| f.pending.len() >= 2);
        if !has_two {
            let t = self.lex_next()?;
            // It comes after everything pending: the bottom of the stack.
            self.files.last_mut()?.pending.insert(0, t);
        }
        let f = self.files.last()?;
        f.pending.get(f.pending.len().checked_sub(2)?)
    }
}

impl TokenStack for Input {
    fn peek(&mut self) -> Option<&Token> {
        let empty = self.files.last()?.pending.is_empty();
        if empty {
            let t = self.lex_next()?;
            self.files.last_mut()?.pending.push(t);
        }
        self.files.last()?.pending.last()
    }

    fn pop(&mut self) -> Option<Token> {
        match self.files.last_mut()?.pending.pop() {
            Some(t) => Some(t),
            None => self.lex_next(),
        }
    }

    fn push(&mut self, t: Token) {
        if let Some(f) = self.files.last_mut() {
            f.pending.push(t);
        }
    }

    fn push_all(&mut self, tokens: Vec<Token>) {
        if let Some(f) = self.files.last_mut() {
            f.pending.extend(tokens.into_iter().rev());
        }
    }
}

//! A parser for the LLVM type syntax that appears in cbuffer lowering
//! (`<{ [2 x <{ float, target("dx.Padding", 12) }>], float }>`, `%"NS::S"`).

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LlType {
    /// `i32`, `float`, `half`, `ptr`, ...
    Prim(String),
    Vector(u64, Box<LlType>),
    Array(u64, Box<LlType>),
    Struct {
        packed: bool,
        fields: Vec<LlType>,
    },
    /// `target("name", types..., ints...)`
    Target {
        name: String,
        types: Vec<LlType>,
        ints: Vec<u64>,
    },
    /// `%name` (quotes removed).
    Named(String),
}

pub struct Cursor<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Cursor<'a> {
    pub fn new(text: &'a str) -> Self {
        Cursor { text, pos: 0 }
    }

    pub fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    pub fn skip_ws(&mut self) {
        let trimmed = self.rest().trim_start();
        self.pos = self.text.len() - trimmed.len();
    }

    pub fn eat(&mut self, token: &str) -> bool {
        self.skip_ws();
        if self.rest().starts_with(token) {
            self.pos += token.len();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, token: &str) -> Result<(), String> {
        if self.eat(token) {
            Ok(())
        } else {
            Err(format!("expected `{token}` at `{}`", preview(self.rest())))
        }
    }

    fn number(&mut self) -> Result<u64, String> {
        self.skip_ws();
        let digits: String = self
            .rest()
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        self.pos += digits.len();
        digits
            .parse()
            .map_err(|_| format!("expected a number at `{}`", preview(self.rest())))
    }

    /// `name` or `"quoted name"` after a sigil (`%`, `@`, `!`).
    pub fn ident(&mut self) -> Result<String, String> {
        if self.rest().starts_with('"') {
            let end = self.rest()[1..]
                .find('"')
                .ok_or("unterminated quoted name")?;
            let name = self.rest()[1..1 + end].to_string();
            self.pos += end + 2;
            return Ok(name);
        }
        let name: String = self
            .rest()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || "._$-".contains(*c))
            .collect();
        if name.is_empty() {
            return Err(format!("expected a name at `{}`", preview(self.rest())));
        }
        self.pos += name.len();
        Ok(name)
    }

    pub fn ty(&mut self) -> Result<LlType, String> {
        self.skip_ws();
        if self.eat("<{") {
            return self.struct_tail(true, "}>");
        }
        if self.eat("{") {
            return self.struct_tail(false, "}");
        }
        if self.eat("<") {
            let n = self.number()?;
            self.expect("x")?;
            let elem = self.ty()?;
            self.expect(">")?;
            return Ok(LlType::Vector(n, Box::new(elem)));
        }
        if self.eat("[") {
            let n = self.number()?;
            self.expect("x")?;
            let elem = self.ty()?;
            self.expect("]")?;
            return Ok(LlType::Array(n, Box::new(elem)));
        }
        if self.eat("target(") {
            self.skip_ws();
            let name = self.ident()?;
            let (mut types, mut ints) = (Vec::new(), Vec::new());
            while self.eat(",") {
                self.skip_ws();
                if self.rest().starts_with(|c: char| c.is_ascii_digit()) {
                    ints.push(self.number()?);
                } else {
                    types.push(self.ty()?);
                }
            }
            self.expect(")")?;
            return Ok(LlType::Target { name, types, ints });
        }
        if self.eat("%") {
            return Ok(LlType::Named(self.ident()?));
        }
        let prim: String = self
            .rest()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if prim.is_empty() {
            return Err(format!("expected a type at `{}`", preview(self.rest())));
        }
        self.pos += prim.len();
        Ok(LlType::Prim(prim))
    }

    fn struct_tail(&mut self, packed: bool, close: &str) -> Result<LlType, String> {
        let mut fields = Vec::new();
        if !self.eat(close) {
            loop {
                fields.push(self.ty()?);
                if self.eat(close) {
                    break;
                }
                self.expect(",")?;
            }
        }
        Ok(LlType::Struct { packed, fields })
    }
}

fn preview(s: &str) -> &str {
    &s[..s.len().min(40)]
}

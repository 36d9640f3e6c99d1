//! JSON Lines for `--format json`: one flat object per puzzle (or slot, or
//! stats row), written by hand. The objects hold strings, numbers, booleans
//! and lists of strings only, so a builder and a string escaper do the
//! whole job; serde_json would add a dependency for forty lines.

use std::fmt::Write;

/// `--format`: text for people, JSON Lines for scripts.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Plain text, as the commands have always written it.
    #[default]
    Text,
    /// JSON Lines: one object per puzzle, with the field names README lists.
    Json,
}

/// A JSON object being built, its fields in the order they are added.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Object {
    text: String,
}

impl Object {
    pub fn new() -> Object {
        Object::default()
    }

    fn key(&mut self, key: &str) {
        self.text.push(if self.text.is_empty() { '{' } else { ',' });
        quote(key, &mut self.text);
        self.text.push(':');
    }

    /// Adds a string field.
    pub fn str(mut self, key: &str, value: &str) -> Object {
        self.key(key);
        quote(value, &mut self.text);
        self
    }

    /// Adds a number field.
    pub fn num(mut self, key: &str, value: impl Into<u64>) -> Object {
        self.key(key);
        let _ = write!(self.text, "{}", value.into());
        self
    }

    /// Adds a true/false field.
    pub fn bool(mut self, key: &str, value: bool) -> Object {
        self.key(key);
        self.text.push_str(if value { "true" } else { "false" });
        self
    }

    /// Adds a list of strings.
    pub fn strs<'a>(mut self, key: &str, values: impl IntoIterator<Item = &'a str>) -> Object {
        self.key(key);
        self.text.push('[');
        for (i, value) in values.into_iter().enumerate() {
            if i > 0 {
                self.text.push(',');
            }
            quote(value, &mut self.text);
        }
        self.text.push(']');
        self
    }

    /// Adds a list of numbers.
    pub fn nums(mut self, key: &str, values: impl IntoIterator<Item = u64>) -> Object {
        self.key(key);
        self.text.push('[');
        for (i, value) in values.into_iter().enumerate() {
            if i > 0 {
                self.text.push(',');
            }
            let _ = write!(self.text, "{value}");
        }
        self.text.push(']');
        self
    }

    /// Adds the fields of `other` after these.
    pub fn merge(mut self, other: Object) -> Object {
        if self.text.is_empty() {
            return other;
        }
        if let Some(fields) = other.text.strip_prefix('{') {
            self.text.push(',');
            self.text.push_str(fields);
        }
        self
    }

    /// The object as one line of JSON.
    pub fn line(self) -> String {
        let mut text = self.text;
        if text.is_empty() {
            text.push('{');
        }
        text.push('}');
        text
    }
}

/// Appends `s` as a JSON string: quotes, backslashes and control
/// characters escaped, everything else as it is (JSON text is UTF-8).
fn quote(s: &str, out: &mut String) {
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn objects_are_one_line_of_json() {
        let o = Object::new()
            .num("line", 3u32)
            .str("puzzle", "1.3")
            .bool("ok", true)
            .strs("steps", ["a", "b"])
            .nums("secs", [1, 20]);
        assert_eq!(
            o.line(),
            r#"{"line":3,"puzzle":"1.3","ok":true,"steps":["a","b"],"secs":[1,20]}"#
        );
        assert_eq!(Object::new().line(), "{}");
    }

    #[test]
    fn strings_are_escaped() {
        let o = Object::new().str("e", "a\"b\\c\nd\u{1}é");
        assert_eq!(o.line(), r#"{"e":"a\"b\\c\nd\u0001é"}"#);
    }

    #[test]
    fn merge_appends_fields() {
        let a = Object::new().num("line", 1u32);
        let b = Object::new().str("x", "y");
        assert_eq!(a.clone().merge(b.clone()).line(), r#"{"line":1,"x":"y"}"#);
        assert_eq!(Object::new().merge(b).line(), r#"{"x":"y"}"#);
        assert_eq!(a.merge(Object::new()).line(), r#"{"line":1}"#);
    }
}

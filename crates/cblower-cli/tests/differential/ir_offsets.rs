//! Member offsets read back from printed layout types, the way LLVM's data
//! layout computes them: packed structs add up their elements' alloc sizes,
//! padding target types are N bytes, and a vector's alloc size is its size
//! rounded up to the alignment the module's data layout gives it (`v96:128`
//! makes a `<3 x float>` take 16 bytes on SPIR-V). Nothing here uses
//! cblower's own layout code.

use std::collections::HashMap;

use super::dxc_packer::{round_up, Leaf, PackedMember};
use super::ll_module::Module;
use super::ll_type::LlType;

struct DataLayout {
    /// Vector width in bits → ABI alignment in bytes.
    vector_align: HashMap<u64, u64>,
}

impl DataLayout {
    fn parse(text: &str) -> DataLayout {
        let mut vector_align = HashMap::new();
        for spec in text.split('-') {
            let Some(rest) = spec.strip_prefix('v') else {
                continue;
            };
            let mut parts = rest.split(':');
            let bits = parts.next().and_then(|b| b.parse::<u64>().ok());
            let abi = parts.next().and_then(|a| a.parse::<u64>().ok());
            if let (Some(bits), Some(abi)) = (bits, abi) {
                vector_align.insert(bits, abi / 8);
            }
        }
        DataLayout { vector_align }
    }
}

struct Reader<'a> {
    module: &'a Module,
    dl: DataLayout,
}

fn prim_size(name: &str) -> Result<u64, String> {
    Ok(match name {
        "i1" | "i8" => 1,
        "i16" | "half" => 2,
        "i32" | "float" => 4,
        "i64" | "double" => 8,
        other => return Err(format!("unexpected type `{other}` in a layout type")),
    })
}

fn is_padding(name: &str) -> bool {
    name == "dx.Padding" || name == "spirv.Padding"
}

impl Reader<'_> {
    fn resolve<'t>(&'t self, ty: &'t LlType) -> Result<&'t LlType, String> {
        match ty {
            LlType::Named(name) => match self.module.types.get(name) {
                Some(Some(body)) => Ok(body),
                _ => Err(format!("type %{name} has no body")),
            },
            other => Ok(other),
        }
    }

    fn alloc_size(&self, ty: &LlType) -> Result<u64, String> {
        match self.resolve(ty)? {
            LlType::Prim(p) => prim_size(p),
            LlType::Vector(n, elem) => {
                let size = n * self.alloc_size(elem)?;
                let align = self
                    .dl
                    .vector_align
                    .get(&(size * 8))
                    .copied()
                    .unwrap_or(size.next_power_of_two());
                Ok(round_up(size, align))
            }
            LlType::Array(n, elem) => Ok(n * self.alloc_size(elem)?),
            LlType::Struct {
                packed: true,
                fields,
            } => fields.iter().map(|f| self.alloc_size(f)).sum(),
            LlType::Target { name, ints, .. } if is_padding(name) && ints.len() == 1 => Ok(ints[0]),
            other => Err(format!("unexpected type in a layout type: {other:?}")),
        }
    }

    fn leaves(&self, ty: &LlType, offset: u64, out: &mut Vec<Leaf>) -> Result<(), String> {
        match self.resolve(ty)? {
            LlType::Prim(p) => out.push(Leaf {
                offset,
                size: prim_size(p)?,
            }),
            LlType::Vector(n, elem) => {
                let size = self.alloc_size(elem)?;
                for i in 0..*n {
                    out.push(Leaf {
                        offset: offset + i * size,
                        size,
                    });
                }
            }
            LlType::Array(n, elem) => {
                let stride = self.alloc_size(elem)?;
                for i in 0..*n {
                    self.leaves(elem, offset + i * stride, out)?;
                }
            }
            LlType::Struct {
                packed: true,
                fields,
            } => {
                let mut at = offset;
                for f in fields {
                    self.leaves(f, at, out)?;
                    at += self.alloc_size(f)?;
                }
            }
            LlType::Target { name, .. } if is_padding(name) => {}
            other => return Err(format!("unexpected type in a layout type: {other:?}")),
        }
        Ok(())
    }
}

/// For each buffer of `!hlsl.cbs`: its handle global's name and its members
/// (named by `!hlsl.cbs`) with the offsets and scalar components the layout
/// type gives them.
pub fn buffer_members(module: &Module) -> Result<Vec<(String, Vec<PackedMember>)>, String> {
    let reader = Reader {
        module,
        dl: DataLayout::parse(&module.datalayout),
    };
    let mut buffers = Vec::new();
    for node in module.named_nodes("hlsl.cbs") {
        let names: Vec<String> = node
            .iter()
            .map(|op| {
                op.rsplit('@')
                    .next()
                    .unwrap_or("")
                    .trim_matches('"')
                    .to_string()
            })
            .collect();
        let (handle, members) = names.split_first().ok_or("empty hlsl.cbs node")?;
        let global = module
            .global(handle)
            .ok_or_else(|| format!("no handle global @{handle}"))?;
        let layout = match &global.ty {
            LlType::Target { types, .. } if !types.is_empty() => &types[0],
            other => return Err(format!("@{handle} is not a buffer handle: {other:?}")),
        };
        let LlType::Struct { fields, .. } = reader.resolve(layout)? else {
            return Err(format!("@{handle}'s layout type is not a struct"));
        };
        let mut packed = Vec::new();
        let mut offset = 0;
        let mut names = members.iter();
        for field in fields {
            let is_pad = matches!(field, LlType::Target { name, .. } if is_padding(name));
            if !is_pad {
                let name = names.next().ok_or_else(|| {
                    format!("@{handle}: more layout elements than hlsl.cbs members")
                })?;
                let mut leaves = Vec::new();
                reader.leaves(field, offset, &mut leaves)?;
                packed.push(PackedMember {
                    name: name.clone(),
                    offset,
                    leaves,
                });
            }
            offset += reader.alloc_size(field)?;
        }
        if names.next().is_some() {
            return Err(format!(
                "@{handle}: more hlsl.cbs members than layout elements"
            ));
        }
        buffers.push((handle.clone(), packed));
    }
    Ok(buffers)
}

/// The scalar components of global `@name`'s type (a push-constant block's
/// `%struct.<Name>`), from offset 0.
pub fn global_leaves(module: &Module, name: &str) -> Result<Vec<Leaf>, String> {
    let reader = Reader {
        module,
        dl: DataLayout::parse(&module.datalayout),
    };
    let global = module
        .global(name)
        .ok_or_else(|| format!("no global @{name}"))?;
    let mut leaves = Vec::new();
    reader.leaves(&global.ty, 0, &mut leaves)?;
    Ok(leaves)
}

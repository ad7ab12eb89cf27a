# lit configuration for cblower's FileCheck tests.
#
# Tools come from LLVM 22 (FileCheck, not, count, opt, clang) and from the
# freshly built cblower binaries (CBLOWER_BIN_DIR, default target/debug).
import os
import shutil

import lit.formats

config.name = "cblower"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test", ".hlsl", ".ll", ".wgsl"]
config.excludes = ["Inputs", "lit.cfg.py"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
repo = os.path.dirname(config.test_source_root)
config.test_exec_root = os.path.join(repo, "target", "lit-tests")

llvm_bin = os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin")
cblower_bin = os.environ.get("CBLOWER_BIN_DIR", os.path.join(repo, "target", "debug"))

for tool in ("FileCheck", "not", "count"):
    if not os.path.exists(os.path.join(llvm_bin, tool)):
        lit_config.fatal("%s not found in %s (run llvm-config/install.sh)" % (tool, llvm_bin))
for tool in ("cblower", "cblower-opt"):
    if not os.path.exists(os.path.join(cblower_bin, tool)):
        lit_config.fatal("%s not found in %s (run cargo build --bins)" % (tool, cblower_bin))

config.environment["PATH"] = os.pathsep.join(
    [cblower_bin, llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))]
)
# Plain output: no colours in what FileCheck reads.
config.environment["NO_COLOR"] = "1"
config.environment["TERM"] = "dumb"

config.substitutions.append(("%cblower-opt", os.path.join(cblower_bin, "cblower-opt")))
config.substitutions.append(("%cblower", os.path.join(cblower_bin, "cblower")))
config.substitutions.append(("%opt-22", os.path.join(llvm_bin, "opt")))
config.substitutions.append(("%clang-22", os.path.join(llvm_bin, "clang")))
config.substitutions.append(("%examples", os.path.join(repo, "examples")))

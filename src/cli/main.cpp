// gfxasm command line: a drop-in for `llvm-mc` on the amdgcn target.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "gfxasm/gfxasm.h"

namespace {

// llvm-mc spells long options with one dash (-triple=..., -mcpu ...); CLI11 wants two.
std::vector<std::string> normalizeArgs(int argc, char **argv) {
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a.size() > 2 && a[0] == '-' && a[1] != '-') a = "-" + a;
    args.push_back(a);
  }
  return args;
}

bool readAll(const std::string &path, std::string &out) {
  if (path == "-") {
    std::ostringstream ss;
    ss << std::cin.rdbuf();
    out = ss.str();
    return true;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

} // namespace

int main(int argc, char **argv) {
  CLI::App app{"gfxasm: assembler for AMD GPU machine code, compatible with llvm-mc (amdgcn)"};
  app.set_version_flag("--version", "gfxasm 0.1");
  std::string triple = "amdgcn-amd-amdhsa", arch, mcpu = "gfx1100", filetype = "asm", output = "-";
  std::vector<std::string> mattr;
  bool showEncoding = false;
  std::string input = "-";
  app.add_option("--triple", triple, "target triple (amdgcn-amd-amdhsa, amdgcn, ...)");
  app.add_option("--arch", arch, "target architecture (amdgcn)");
  app.add_option("--mcpu", mcpu, "processor, e.g. gfx1100")->capture_default_str();
  app.add_option("--mattr", mattr, "target features: +wavefrontsize64, -real-true16, ...");
  app.add_flag("--show-encoding", showEncoding, "print the encoding of each instruction");
  app.add_option("--filetype", filetype, "asm or null")->check(CLI::IsMember({"asm", "null"}));
  app.add_option("-o", output, "output file (- for standard output)");
  app.add_option("input", input, "input file (- or none for standard input)");
  app.footer("Supported processors: " + [] {
    std::string s;
    for (auto &c : gfxasm::Target::supportedCpus()) s += (s.empty() ? "" : ", ") + c;
    return s;
  }());
  auto args = normalizeArgs(argc, argv);
  std::reverse(args.begin(), args.end());
  try {
    app.parse(args);
  } catch (const CLI::ParseError &e) {
    return app.exit(e);
  }
  if (!arch.empty() && arch != "amdgcn") {
    std::cerr << "gfxasm: error: unsupported architecture '" << arch << "' (only amdgcn)\n";
    return 1;
  }
  if (triple.rfind("amdgcn", 0) != 0) {
    std::cerr << "gfxasm: error: unsupported triple '" << triple << "' (expected amdgcn-...)\n";
    return 1;
  }
  std::string err;
  auto target = gfxasm::Target::create(mcpu, mattr, &err);
  if (!target) {
    std::cerr << "gfxasm: error: " << err << "\n";
    return 1;
  }
  std::string source;
  if (!readAll(input, source)) {
    std::cerr << "gfxasm: error: could not open input file '" << input << "'\n";
    return 1;
  }
  gfxasm::AssembleOptions opts;
  opts.fileName = input == "-" ? "<stdin>" : input;
  opts.showEncoding = showEncoding;
  opts.output = filetype == "null" ? gfxasm::OutputKind::Null : gfxasm::OutputKind::Asm;
  opts.triple = triple;
  gfxasm::AssembleResult res = gfxasm::assemble(*target, source, opts);
  for (const auto &d : res.diagnostics) std::cerr << gfxasm::formatDiagnostic(d);
  if (opts.output == gfxasm::OutputKind::Asm) {
    if (output == "-") {
      std::fwrite(res.text.data(), 1, res.text.size(), stdout);
    } else {
      std::ofstream out(output, std::ios::binary);
      out << res.text;
      if (!out) {
        std::cerr << "gfxasm: error: could not write '" << output << "'\n";
        return 1;
      }
    }
  }
  return res.ok() ? 0 : 1;
}

// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// gfxasm command line: a drop-in for `llvm-mc` on the amdgcn target.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gfxasm/analyze.h"
#include "gfxasm/gfxasm.h"

extern const char kGfxasmCommit[]; // (gen/commit.cpp, written at build time)

namespace {

// What --version prints, laid out as llvm's tools print theirs: the version and the commit, then
// the processors (llvm lists its registered targets there).
std::string versionText() {
  std::string text = std::string("gfxasm version ") + GFXASM_VERSION;
  if (*kGfxasmCommit) text += std::string(" (git commit ") + kGfxasmCommit + ")";
  text += "\n\n  Supported processors:";
  for (const std::string &cpu : gfxasm::Target::supportedCpus()) text += "\n    " + cpu;
  return text;
}

// llvm-mc's options as gfxasm knows them: those that take a value and the flags.
const std::set<std::string, std::less<>> kValueOptions = {
    "triple", "arch", "mcpu", "mattr", "filetype", "o", "I", "amdhsa-code-object-version"};
const std::set<std::string, std::less<>> kFlagOptions = {
    "show-encoding", "disassemble", "fatal-warnings", "no-warn", "help", "version", "shared"};

// llvm's command line accepts `-name=value`, `--name=value`, `-name value` and `--name value`;
// CLI11 wants `--name=value`. Each known option is rewritten into that single token, so a value
// that starts with a dash (`-mattr -real-true16`) is never taken for an option. Unknown options
// are left alone for CLI11 to reject.
std::vector<std::string> normalizeArgs(int argc, char **argv) {
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.size() < 2 || arg[0] != '-') {
      args.push_back(arg);
      continue;
    }
    if (arg.size() > 2 && arg[0] == '-' && arg[1] == 'I') { // -IDIR, as llvm-mc takes it
      args.push_back("--I=" + arg.substr(2));
      continue;
    }
    std::string body = arg.substr(arg[1] == '-' ? 2 : 1);
    size_t eq = body.find('=');
    std::string name = body.substr(0, eq);
    if (kValueOptions.count(name)) {
      std::string value;
      if (eq != std::string::npos) {
        value = body.substr(eq + 1);
      } else if (i + 1 < argc) {
        value = argv[++i];
      } else {
        args.push_back("--" + name); // CLI11 reports the missing value
        continue;
      }
      // An empty feature list adds nothing (CLI11 would take the next argument for the value).
      if (value.empty() && name == "mattr") continue;
      args.push_back("--" + name + "=" + value);
    } else if (kFlagOptions.count(name) && eq == std::string::npos) {
      args.push_back("--" + name);
    } else {
      args.push_back(arg);
    }
  }
  return args;
}

// The parts of a target triple that llvm's Triple::normalize() gives an amdgcn triple:
// arch-vendor-os[-environment], empty parts spelled "unknown", an OS written in the vendor's
// place (amdgcn-amdhsa) moved to its own.
struct Triple {
  std::string arch, vendor, os, environment;
  bool hasEnvironment = false;
  std::string str() const {
    return arch + "-" + vendor + "-" + os + (hasEnvironment ? "-" + environment : "");
  }
};

Triple parseTriple(const std::string &text) {
  std::vector<std::string> parts;
  std::stringstream ss(text);
  for (std::string part; std::getline(ss, part, '-');) parts.push_back(part);
  if (!text.empty() && text.back() == '-') parts.push_back("");
  auto isOs = [](const std::string &s) { return s == "amdhsa" || s == "amdpal" || s == "mesa3d"; };
  if (parts.size() == 2 && isOs(parts[1])) parts.insert(parts.begin() + 1, "unknown");
  Triple t;
  t.arch = parts.empty() ? "" : parts[0];
  auto part = [&](size_t i) {
    return i < parts.size() && !parts[i].empty() ? parts[i] : "unknown";
  };
  t.vendor = part(1);
  t.os = part(2);
  t.hasEnvironment = parts.size() > 3;
  if (t.hasEnvironment) {
    t.environment = part(3);
    for (size_t i = 4; i < parts.size(); ++i) t.environment += "-" + parts[i];
  }
  return t;
}

// Reads the whole input straight into `out` (a stream copy would double the work on large files).
bool readAll(const std::string &path, std::string &out) {
  std::FILE *f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (!f) return false;
  char buf[1 << 16];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) out.append(buf, n);
  bool ok = !std::ferror(f);
  if (f != stdin) std::fclose(f);
  return ok;
}

// The input text: a regular file is mapped (no copy, and the kernel maps its cached pages in
// bulk instead of faulting in a buffer page by page); standard input, pipes and devices are read.
//
// `streamed` (the disassembler and the assembler writing text, which read their input front to
// back, statements of other parts only for a diagnostic or a macro): the mapping is filled
// a window at a time ahead of the reader, and what it has read is let go (readUpTo), so the
// input takes a few MiB of memory whatever its size.
class InputText {
public:
  bool open(const std::string &path, bool streamed = false) {
    if (path != "-") {
      int fd = ::open(path.c_str(), O_RDONLY);
      if (fd < 0) return false;
      struct stat st;
      if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
        size_ = static_cast<size_t>(st.st_size);
        int flags = MAP_PRIVATE | (streamed ? 0 : MAP_POPULATE);
        void *p = ::mmap(nullptr, size_, PROT_READ, flags, fd, 0);
        if (p != MAP_FAILED) {
          map_ = p;
          streamed_ = streamed;
          if (streamed) populate(0);
          ::close(fd);
          return true;
        }
      }
      ::close(fd);
    }
    return readAll(path, buffer_);
  }
  std::string_view text() const {
    return map_ ? std::string_view(static_cast<const char *>(map_), size_) : buffer_;
  }
  ~InputText() {
    if (map_) ::munmap(map_, size_);
  }

  // The reader is at `offset`: the pages before it go (a later read of them, for a diagnostic's
  // line, maps them again from the file, so all of them go each time), the next window's come in.
  void readUpTo(size_t offset) {
    if (!map_ || !streamed_) return;
    size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    size_t done = offset / page * page;
    if (done > 0) ::madvise(map_, done, MADV_DONTNEED);
    populate(done);
  }

private:
  // The pages of the window after `from` mapped in one call (faulting them in one at a time costs
  // more); nothing where the kernel lacks MADV_POPULATE_READ.
  void populate(size_t from) {
#ifdef MADV_POPULATE_READ
    constexpr size_t kAhead = size_t{6} << 20;
    size_t end = std::min(size_, from + kAhead);
    if (end > populated_) {
      size_t start = std::max(from, populated_);
      size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
      start = start / page * page;
      ::madvise(static_cast<char *>(map_) + start, end - start, MADV_POPULATE_READ);
      populated_ = end;
    }
#else
    (void)from;
#endif
  }

  void *map_ = nullptr;
  size_t size_ = 0;
  bool streamed_ = false;
  size_t populated_ = 0;
  std::string buffer_;
};

// Where a listing goes as it is made (assembled or disassembled text). Standard output: with
// holdBack, the first kHeldBytes are held, so that what `.print` wrote (known at the end) comes
// before all but a large listing, as in llvm-mc (whose listing leaves in pieces too). A file: it is
// written under a temporary name beside it and renamed when the run succeeded, removed otherwise
// (llvm's tools keep an output file only then, and the input, possibly the same file, is never
// overwritten while it is read); a device (/dev/null) is written as it is.
class ListingOutput {
public:
  ~ListingOutput() {
    if (!file_ || file_ == stdout) return;
    std::fclose(file_);
    if (!tempPath_.empty()) ::unlink(tempPath_.c_str());
  }
  bool open(const std::string &path, bool holdBack) {
    path_ = path;
    holding_ = holdBack;
    if (path == "-") {
      file_ = stdout;
      return true;
    }
    holding_ = false;
    struct stat st;
    bool regular = ::stat(path.c_str(), &st) == 0 ? S_ISREG(st.st_mode) : errno == ENOENT;
    if (!regular) {
      file_ = std::fopen(path.c_str(), "wb");
      return file_ != nullptr;
    }
    tempPath_ = path + ".tmp-XXXXXX";
    int fd = ::mkstemp(tempPath_.data());
    if (fd < 0) {
      tempPath_.clear();
      return false;
    }
    mode_t mask = ::umask(0);
    ::umask(mask);
    ::fchmod(fd, 0666 & ~mask); // (mkstemp makes it 0600)
    file_ = ::fdopen(fd, "wb");
    return file_ != nullptr;
  }
  void write(std::string_view piece) {
    if (holding_) {
      held_ += piece;
      if (held_.size() < kHeldBytes) return;
      holding_ = false;
      piece = held_;
    }
    writeOut(piece);
    if (!held_.empty() && !holding_) held_.clear();
  }
  // The end of the run: `first` (what .print wrote, for standard output) goes before the text
  // held back; a file is kept when `keep`. False when the output could not be written.
  bool finish(bool keep, std::string_view first = {}) {
    if (file_ == stdout) {
      writeOut(first);
    } else if (!first.empty()) {
      std::fwrite(first.data(), 1, first.size(), stdout); // (.print writes to standard output)
    }
    writeOut(held_);
    held_.clear();
    if (file_ == stdout) return std::fflush(stdout) == 0 && !failed_;
    bool ok = std::fclose(file_) == 0 && !failed_;
    file_ = nullptr;
    if (tempPath_.empty()) return ok;
    if (keep && ok && ::rename(tempPath_.c_str(), path_.c_str()) != 0) ok = false;
    if (!keep || !ok) {
      ::unlink(tempPath_.c_str());
      ::unlink(path_.c_str()); // (an older file of that name goes too, as with llvm-mc)
    }
    tempPath_.clear();
    return ok;
  }

private:
  static constexpr size_t kHeldBytes = size_t(1) << 20;
  void writeOut(std::string_view piece) {
    if (!piece.empty() && std::fwrite(piece.data(), 1, piece.size(), file_) != piece.size())
      failed_ = true;
  }
  std::string path_, tempPath_, held_;
  std::FILE *file_ = nullptr;
  bool holding_ = false, failed_ = false;
};

// `gfxasm objdump [options] FILE...`: llvm-objdump -d for AMDGPU ELF files.
// A command line CLI11 refuses: llvm's way, one line naming the program and exit status 1 (help
// and version requests exit as CLI11 has them, status 0).
int commandLineError(const CLI::App &app, const CLI::ParseError &e, std::string_view program) {
  if (e.get_exit_code() == 0) return app.exit(e);
  std::cerr << program << ": error: " << e.what() << " (see " << program << " --help)\n";
  return 1;
}

// llvm's options keep the last of repeated values (-mcpu=gfx900 -mcpu=gfx1100 is gfx1100); CLI11
// refuses a second value of a single-valued option unless told.
void lastValueWins(CLI::App &app) {
  for (CLI::Option *o : app.get_options())
    if (o->get_items_expected_max() == 1 && !o->get_positional())
      o->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
}

int runObjdump(int argc, char **argv) {
  CLI::App app{"gfxasm objdump: disassembles AMDGPU ELF files (objects and code objects) as "
               "llvm-objdump -d does",
               "gfxasm objdump"};
  bool disassemble = false, noShowRawInsn = false, noLeadingAddr = false, zeroes = false;
  std::string mcpu;
  std::vector<std::string> mattr, files;
  app.add_flag("-d,--disassemble", disassemble,
               "disassemble the executable sections (what gfxasm objdump always does)");
  app.add_flag("--no-leading-addr", noLeadingAddr, "print symbol lines without their address");
  app.add_flag("--no-show-raw-insn", noShowRawInsn,
               "accepted as llvm-objdump accepts it: for AMDGPU both always show the encoding");
  app.add_flag("-z,--disassemble-zeroes", zeroes, "do not replace runs of zero bytes by ...");
  app.add_option("--mcpu", mcpu, "processor, e.g. gfx1100 (default: the one the ELF header names)");
  app.add_option("--mattr", mattr, "target features: +wavefrontsize64, -real-true16, ...")
      ->delimiter(',')
      ->allow_extra_args(false);
  app.add_option("files", files, "ELF files (default: a.out)");
  lastValueWins(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &e) {
    return commandLineError(app, e, "gfxasm objdump");
  }
  if (files.empty()) files.push_back("a.out");
  gfxasm::ObjdumpOptions opts;
  opts.cpu = mcpu;
  opts.features = mattr;
  opts.leadingAddr = !noLeadingAddr;
  opts.skipZeroes = !zeroes;
  opts.output = [](std::string_view piece) { std::fwrite(piece.data(), 1, piece.size(), stdout); };
  for (const std::string &file : files) {
    InputText input;
    std::string error;
    gfxasm::ObjdumpResult r;
    // (streamed: objdump reads the code front to back and says how far it got, so the mapped
    // file takes a few MiB whatever its size)
    if (!input.open(file, /*streamed=*/true)) {
      error = std::strerror(errno);
    } else {
      opts.fileName = file;
      opts.inputRead = [&input](size_t offset) { input.readUpTo(offset); };
      std::string_view bytes = input.text();
      r = gfxasm::objdump(reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size(), opts);
      opts.inputRead = nullptr; // (this file's mapping)
      error = r.error;
    }
    std::fwrite(r.text.data(), 1, r.text.size(), stdout);
    std::fflush(stdout);
    for (const std::string &w : r.warnings)
      std::cerr << "gfxasm objdump: warning: '" << file << "': " << w << "\n";
    if (!error.empty()) {
      // Like llvm-objdump: the listing so far, then the error, and no further file.
      std::cerr << "gfxasm objdump: error: '" << file << "': " << error << "\n";
      return 1;
    }
  }
  return 0;
}

// `gfxasm link -shared -o OUT IN.o...`: ld.lld -shared for AMDGPU objects. The options are
// spelled as ld.lld spells them (-o FILE, -oFILE, --output=FILE, -shared, --shared).
int runLink(int argc, char **argv) {
  const char *usage =
      "gfxasm link: links AMDGPU relocatable objects into a code object as ld.lld -shared does\n"
      "Usage: gfxasm link -shared -o OUT.hsaco IN.o...\n\n"
      "Options:\n"
      "  -shared, --shared, -Bshareable   make a shared object (the only output gfxasm links)\n"
      "  -o FILE, --output=FILE           write the code object to FILE (default: a.out)\n"
      "  -h, --help                       print this help\n";
  std::string output = "a.out";
  std::vector<std::string> files;
  bool shared = false;
  auto fail = [](const std::string &msg) {
    std::cerr << "gfxasm link: error: " << msg << "\n";
    return 1;
  };
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "-h" || arg == "--help" || arg == "-help") {
      std::cout << usage;
      return 0;
    }
    if (arg == "-shared" || arg == "--shared" || arg == "-Bshareable" || arg == "--Bshareable") {
      shared = true;
    } else if (arg == "-o" || arg == "--output" || arg == "-output") {
      if (i + 1 >= argc) return fail("-o: missing argument");
      output = argv[++i];
    } else if (arg.starts_with("--output=")) {
      output = arg.substr(9);
    } else if (arg.starts_with("-o") && !arg.starts_with("--")) {
      output = arg.substr(2);
    } else if (arg.size() > 1 && arg[0] == '-') {
      return fail("unknown argument '" + arg + "'");
    } else {
      files.push_back(arg);
    }
  }
  if (!shared) return fail("only -shared output (an AMDGPU code object) is supported; add -shared");
  std::vector<std::string> contents(files.size());
  std::vector<gfxasm::LinkInput> inputs;
  for (size_t i = 0; i < files.size(); ++i) {
    if (!readAll(files[i], contents[i]))
      return fail("cannot open " + files[i] + ": " + std::strerror(errno));
    inputs.push_back(
        {files[i], std::span<const uint8_t>(reinterpret_cast<const uint8_t *>(contents[i].data()),
                                            contents[i].size())});
  }
  gfxasm::LinkResult r = gfxasm::link(inputs);
  if (!r.ok()) {
    std::cerr << gfxasm::formatLinkErrors(r.errors, "gfxasm link");
    return 1;
  }
  std::ofstream out(output, std::ios::binary | std::ios::trunc);
  if (out) out.write(reinterpret_cast<const char *>(r.output.data()), r.output.size());
  if (!out) return fail("cannot open output file " + output + ": " + std::strerror(errno));
  out.close();
  ::chmod(output.c_str(), 0755); // a shared object, as ld.lld leaves it
  return 0;
}

// `gfxasm analyze -mcpu=X [-mattr=...] FILE [--fix] [-o OUT] [--format=text|json|html] [--timing]`:
// checks the s_waitcnt, s_delay_alu and hazards of assembly or an ELF object, writes the program
// back fixed, and with --timing lists its timing estimate.
int runAnalyze(int argc, char **argv) {
  CLI::App app{"gfxasm analyze: finds and fixes missing s_waitcnt and wrong s_delay_alu in AMDGPU "
               "assembly (.s) or ELF objects and code objects",
               "gfxasm analyze"};
  std::string mcpu = "gfx1100", input, output = "-", format = "text";
  std::vector<std::string> mattr, includeDirs;
  bool fix = false, noWaitcnt = false, noDelayAlu = false, noHazards = false, timing = false;
  app.add_option("--mcpu", mcpu, "processor, e.g. gfx1100, gfx90a")->capture_default_str();
  app.add_option("--mattr", mattr, "target features: +wavefrontsize64, ...")
      ->allow_extra_args(false);
  app.add_option("--I", includeDirs, "directory .include searches")->allow_extra_args(false);
  app.add_flag("--fix", fix, "write the program with the waits and delays fixed (assembly input)");
  app.add_option("--o", output, "where --fix writes the program (default: standard output)");
  app.add_option("--format", format,
                 "findings as text or json, or html: one page with the annotated listing and a "
                 "cycle timeline per block (on standard output)")
      ->check(CLI::IsMember({"text", "json", "html"}));
  app.add_flag("--no-waitcnt", noWaitcnt, "skip the s_waitcnt check");
  app.add_flag("--no-delay-alu", noDelayAlu, "skip the s_delay_alu check");
  app.add_flag("--no-hazards", noHazards, "skip the hazard check (s_nop, s_waitcnt_depctr)");
  app.add_flag("--timing", timing,
               "the timing estimate: per function its cycles, registers and occupancy, per block "
               "its cycles and successors, per instruction its issue cycle, stall and latency "
               "(text: on standard output; json: the \"timing\" key)");
  app.add_option("file", input, "input: assembly, or an ELF object / code object")->required();
  std::vector<std::string> args = normalizeArgs(argc, argv);
  std::reverse(args.begin(), args.end());
  lastValueWins(app);
  try {
    app.parse(args);
  } catch (const CLI::ParseError &e) {
    return commandLineError(app, e, "gfxasm analyze");
  }
  std::vector<std::string> features;
  for (const std::string &m : mattr) {
    size_t start = 0;
    while (start <= m.size()) {
      size_t comma = m.find(',', start);
      if (comma == std::string::npos) comma = m.size();
      if (comma > start) features.push_back(m.substr(start, comma - start));
      start = comma + 1;
    }
  }
  std::string error;
  auto target = gfxasm::Target::create(mcpu, features, &error);
  if (!target) {
    std::cerr << "gfxasm analyze: error: " << error << "\n";
    return 1;
  }
  std::string text;
  if (!readAll(input, text)) {
    std::cerr << "gfxasm analyze: error: cannot open " << input << ": " << std::strerror(errno)
              << "\n";
    return 1;
  }
  gfxasm::AnalyzeOptions opts;
  opts.fileName = input;
  opts.includeDirs = includeDirs;
  opts.fix = fix;
  opts.checkWaitcnt = !noWaitcnt;
  opts.checkDelayAlu = !noDelayAlu;
  opts.checkHazards = !noHazards;
  opts.html = format == "html";
  opts.timing = timing && format != "html";
  bool elf = text.size() >= 4 && text.compare(0, 4,
                                              "\x7f"
                                              "ELF") == 0;
  if (elf && fix) {
    std::cerr << "gfxasm analyze: error: --fix takes assembly input\n";
    return 1;
  }
  if (opts.timing && fix && format == "text" && output == "-") {
    std::cerr << "gfxasm analyze: error: --timing and --fix both write to standard output: give "
                 "--fix an output file (-o)\n";
    return 1;
  }
  gfxasm::AnalyzeResult r =
      elf ? gfxasm::analyzeObject(*target,
                                  std::span<const uint8_t>(
                                      reinterpret_cast<const uint8_t *>(text.data()), text.size()),
                                  opts)
          : gfxasm::analyze(*target, text, opts);
  std::string fixed = std::move(r.fixed);
  if (format == "json") {
    std::cout << gfxasm::formatAnalysisJson(r);
  } else if (format == "html" && r.ok()) {
    std::cout << r.html;
  } else {
    for (const gfxasm::Diagnostic &d : r.diagnostics) std::cerr << gfxasm::formatDiagnostic(d);
    std::cerr << gfxasm::formatAnalysisText(r);
    std::cout << gfxasm::formatTimingText(r);
  }
  if (!r.ok()) return 1;
  if (fix) {
    if (output == "-" && format == "text") {
      std::cout << fixed;
    } else if (output != "-") {
      std::ofstream out(output, std::ios::binary | std::ios::trunc);
      out << fixed;
      if (!out) {
        std::cerr << "gfxasm analyze: error: cannot write " << output << "\n";
        return 1;
      }
    }
  }
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  if (argc > 1 && std::strcmp(argv[1], "objdump") == 0) return runObjdump(argc - 1, argv + 1);
  if (argc > 1 && std::strcmp(argv[1], "link") == 0) return runLink(argc - 1, argv + 1);
  if (argc > 1 && std::strcmp(argv[1], "analyze") == 0) return runAnalyze(argc - 1, argv + 1);
  CLI::App app{"gfxasm: assembler for AMD GPU machine code, compatible with llvm-mc (amdgcn)"};
  app.set_version_flag("--version", versionText);
  std::string tripleText, arch, mcpu = "gfx1100", filetype = "asm", output = "-", input = "-";
  std::vector<std::string> mattr, includeDirs;
  bool showEncoding = false, disassemble = false, fatalWarnings = false, noWarn = false,
       shared = false;
  app.add_option("--triple", tripleText,
                 "target triple: amdgcn-amd-amdhsa (the default), amdgcn, amdgcn-amd-amdpal, ...");
  app.add_option("--arch", arch, "target architecture (amdgcn); replaces the triple's");
  app.add_option("--mcpu", mcpu, "processor, e.g. gfx1100")->capture_default_str();
  app.add_option("--mattr", mattr, "target features: +wavefrontsize64, -real-true16, ...")
      ->allow_extra_args(false);
  app.add_flag("--show-encoding", showEncoding, "print the encoding of each instruction");
  app.add_flag("--disassemble", disassemble,
               "disassemble bytes (0x01,0x02 ... as llvm-mc --disassemble reads them)");
  app.add_flag("--fatal-warnings", fatalWarnings, "treat warnings as errors");
  app.add_flag("--no-warn", noWarn, "suppress all warnings (before --fatal-warnings)");
  unsigned threads = 2;
  app.add_option("--threads", threads,
                 "--disassemble: 1 decodes large inputs on one thread (default: 2, as the "
                 "machine has processors)");
  app.add_option("--filetype", filetype, "asm (print), null (check only) or obj (ELF object)")
      ->check(CLI::IsMember({"asm", "null", "obj"}));
  app.add_flag("--shared", shared,
               "with -filetype=obj: link the object into a code object (as ld.lld -shared)");
  app.add_option("--o", output, "output file (- for standard output)");
  app.add_option("--I", includeDirs, "directory .include searches (after the working one)")
      ->allow_extra_args(false);
  int codeObjectVersion = 6;
  app.add_option("--amdhsa-code-object-version", codeObjectVersion,
                 "code object version before any .amdhsa_code_object_version (4, 5 or 6)")
      ->capture_default_str();
  app.add_option("input", input, "input file (- or none for standard input)");
  app.footer("Supported processors: " +
             [] {
               std::string s;
               for (auto &c : gfxasm::Target::supportedCpus()) s += (s.empty() ? "" : ", ") + c;
               return s;
             }() +
             "\nObject files (llvm-objdump -d): gfxasm objdump --help"
             "\nLinking code objects (ld.lld -shared): gfxasm link --help");
  auto args = normalizeArgs(argc, argv);
  std::reverse(args.begin(), args.end()); // CLI11 takes a vector in reverse order
  lastValueWins(app);
  try {
    app.parse(args);
  } catch (const CLI::ParseError &e) {
    return commandLineError(app, e, "gfxasm");
  }

  // Without -triple, llvm-mc takes the host's triple with -arch's architecture (so no amdhsa OS).
  if (tripleText.empty()) tripleText = arch.empty() ? "amdgcn-amd-amdhsa" : "amdgcn-pc-linux-gnu";
  Triple triple = parseTriple(tripleText);
  if (!arch.empty()) triple.arch = arch;
  if (triple.arch != "amdgcn") {
    std::cerr << "gfxasm: error: unable to get target for '" << triple.str()
              << "' (gfxasm supports amdgcn only)\n";
    return 1;
  }
  std::string err;
  auto target = gfxasm::Target::create(mcpu, mattr, &err);
  if (!target) {
    std::cerr << "gfxasm: error: " << err << "\n";
    return 1;
  }
  for (const std::string &w : target->unrecognizedFeatures()) std::cerr << w << "\n";
  for (const std::string &w : target->featureWarnings()) std::cerr << "warning: " << w << "\n";
  InputText source;
  const bool object = !disassemble && filetype == "obj";
  if (!source.open(input, /*streamed=*/!object)) {
    std::cerr << "gfxasm: error: " << input << ": " << std::strerror(errno) << "\n";
    return 1;
  }
  // (llvm-mc takes any version for text and aborts when it writes an object of another)
  if (object && (codeObjectVersion < 4 || codeObjectVersion > 6)) {
    std::cerr << "gfxasm: error: unsupported code object version " << codeObjectVersion
              << " (gfxasm writes 4, 5 and 6)\n";
    return 1;
  }
  if (shared && !object) {
    std::cerr << "gfxasm: error: -shared needs -filetype=obj\n";
    return 1;
  }
  // Text output goes out as it is made (memory follows the statement, not the listing).
  ListingOutput listing;
  if (!object && !listing.open(output, /*holdBack=*/!disassemble)) {
    std::cerr << "gfxasm: error: could not write '" << output << "': " << std::strerror(errno)
              << "\n";
    return 1;
  }
  auto toListing = [&listing](std::string_view piece) { listing.write(piece); };
  auto inputRead = [&source](size_t offset) { source.readUpTo(offset); };
  std::string fileName = input == "-" ? "<stdin>" : input;
  gfxasm::AssembleResult res;
  if (disassemble) {
    gfxasm::DisassembleOptions opts;
    opts.fileName = fileName;
    opts.showEncoding = showEncoding;
    opts.threads = threads > 1;
    opts.output = toListing;
    opts.inputRead = inputRead;
    static_cast<gfxasm::TextResult &>(res) = gfxasm::disassemble(*target, source.text(), opts);
  } else {
    gfxasm::AssembleOptions opts;
    opts.fileName = fileName;
    opts.showEncoding = showEncoding;
    opts.output = filetype == "null"  ? gfxasm::OutputKind::Null
                  : filetype == "obj" ? gfxasm::OutputKind::Object
                                      : gfxasm::OutputKind::Asm;
    opts.keepCode = false; // (the CLI writes text only)
    opts.triple = triple.str();
    opts.emitTargetDirective = triple.os == "amdhsa";
    opts.includeDirs = includeDirs;
    if (codeObjectVersion >= 4 && codeObjectVersion <= 6)
      opts.codeObjectVersion = static_cast<unsigned>(codeObjectVersion);
    if (!object) {
      opts.textOutput = toListing;
      opts.inputRead = inputRead;
    }
    res = gfxasm::assemble(*target, source.text(), opts);
    // (llvm-mc writes .print's text to standard output at once, before the listing)
    if (object) {
      std::fwrite(res.printed.data(), 1, res.printed.size(), stdout);
      std::fflush(stdout);
    }
  }
  bool ok = res.ok();
  bool skippedWarning = false; // (its notes go with it)
  for (auto &d : res.diagnostics) {
    if (d.severity == gfxasm::Severity::Note && skippedWarning) continue;
    skippedWarning = d.severity == gfxasm::Severity::Warning && noWarn;
    if (skippedWarning) continue;
    if (d.severity == gfxasm::Severity::Warning && fatalWarnings) {
      d.severity = gfxasm::Severity::Error;
      ok = false;
    }
    std::cerr << gfxasm::formatDiagnostic(d);
  }
  if (!object) {
    // Standard output has the listing whatever happened; a file is kept only when assembling
    // succeeded, as llvm-mc keeps it.
    if (!listing.finish(ok, res.printed)) {
      std::cerr << "gfxasm: error: could not write '" << output << "'\n";
      return 1;
    }
    return ok ? 0 : 1;
  }
  if (shared && ok) {
    // Assemble and link in one step: the object goes through gfxasm::link, as `ld.lld -shared`
    // would take it.
    gfxasm::LinkResult linked = gfxasm::link({{input, res.object}});
    if (!linked.ok()) {
      std::cerr << gfxasm::formatLinkErrors(linked.errors, "gfxasm");
      ok = false;
    }
    res.object = std::move(linked.output);
  }
  if (output == "-") {
    if (ok) std::fwrite(res.object.data(), 1, res.object.size(), stdout);
    return ok ? 0 : 1;
  }
  // Like llvm-mc, an output file is kept only when assembling succeeded (a device such as
  // /dev/null is left alone).
  if (!ok) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(output, ec)) std::filesystem::remove(output, ec);
    return 1;
  }
  std::ofstream out(output, std::ios::binary);
  out.write(reinterpret_cast<const char *>(res.object.data()),
            static_cast<std::streamsize>(res.object.size()));
  if (!out) {
    std::cerr << "gfxasm: error: could not write '" << output << "'\n";
    return 1;
  }
  return 0;
}

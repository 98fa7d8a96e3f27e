//===- Rule.h - the rule interface and the per-file context ---------------===//
//
// A rule is one small class in its own file under rewriters/rules/, with a
// stable id (documented in docs/rules.md and tested by test/lit/<id>*.cu).
// Rules run on the raw token stream of one file (TokenStream), so they apply
// the same way to active code, inactive preprocessor branches and macro
// bodies. What only the AST knows (which names a user declared, which
// regions no configuration compiled, parse errors) reaches them through
// FileFacts, collected by the semantic passes (SemanticPass.h) beforehand.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_RULE_H
#define CU2HIP_RULE_H

#include "cu2hip/AstOutput.h"
#include "cu2hip/Edit.h"
#include "cu2hip/Finding.h"
#include "cu2hip/MapTable.h"
#include "cu2hip/Options.h"
#include "cu2hip/SemanticIndex.h"
#include "cu2hip/Tokens.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include <algorithm>
#include <map>
#include <set>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

namespace cu2hip {

/// Facts about one file gathered by the semantic (AST) passes.
struct FileFacts {
  bool Parsed = false; ///< at least one configuration compiled this file
  /// A parse compiled this file as C (LangOptions !CPlusPlus: a `.c` unit,
  /// or a header one includes): edits must be C (C casts, no cu2hip::
  /// helpers, whose headers are C++).
  bool CUnit = false;
  /// Byte ranges [begin, end) that every configuration skipped (inactive
  /// #if branches). Only meaningful when Parsed.
  std::vector<std::pair<unsigned, unsigned>> Inactive;
  /// Names the user declared in ported files that collide with map keys:
  /// these are never renamed.
  llvm::StringSet<> ShadowedNames;
  /// Of those, the names a ported file of the unit #defines (in a
  /// configuration that compiled the #define): a use is the tree's macro,
  /// not the CUDA API (`#define __shfl_xor_sync(m, v, l) __shfl_xor(v, l)`).
  llvm::StringSet<> UserMacros;
  /// Offsets of member declarations named like CUDA APIs (never renamed).
  std::set<unsigned> NoRenameOffsets;
  /// What the AST rules (AstRule.h) produced for this file, all
  /// configurations together.
  AstFileOutput Ast;
  /// The typed index (SemanticIndex.h): what each spelled name refers to,
  /// kernels and device functions, launches, where includes resolved.
  SemanticIndex Index;

  bool isInactive(unsigned Offset) const;
  /// Merges the facts another configuration or translation unit found for
  /// the same file: inactive ranges intersect (a range is inactive only if
  /// every parse skipped it), shadowed names, no-rename offsets and AST rule
  /// outputs unite, the typed indexes merge where they agree
  /// (SemanticIndex::mergeFrom).
  void mergeFrom(const FileFacts &Other);
};

/// Counters a file's rules fill for the closing summary.
struct FileStats {
  llvm::StringMap<unsigned> RenamesPerLib; ///< names converted per library
  llvm::StringMap<unsigned> EditsPerRule;
  /// Names renamed to a HIP name that the HIP 7.2 headers have and the
  /// HIP 5.2 ones lack (maps `since: "7.2"`): the port needs a newer HIP.
  unsigned RenamesNewerHip = 0;
};

class Rule;

/// Everything a token rule sees for one file.
///
/// The rule contract is enforced here: while a rule runs (run(Rule&),
/// finish(Rule&)), every edit and finding it records must carry an id the
/// rule declares (Rule::ids) and a finding's severity must be the id's
/// declared kind (an IdKind::Edit id may report any severity about its own
/// rewrites, any id a note on what its findings rest on, e.g. a name taken
/// by its spelling in a file not parsed); anything else is a fatal internal error naming the rule, so
/// the tests catch it. Outside a rule (the porter's own findings) only
/// porterIds() are accepted. Edits and findings of a rule inside a range
/// claimed by a rule it yields to (yieldsTo) are dropped.
class FileContext {
public:
  FileContext(std::string Path, llvm::StringRef Buffer, const MapTable &Maps,
              const Options &Opts, const FileFacts &Facts, bool IsHeader)
      : Path(std::move(Path)), Buffer(Buffer), Toks(Buffer), Maps(Maps),
        Opts(Opts), Facts(Facts), IsHeader(IsHeader) {}

  const std::string Path;
  const llvm::StringRef Buffer;
  const TokenStream Toks;
  const MapTable &Maps;
  const Options &Opts;
  const FileFacts &Facts;
  const bool IsHeader;

  EditSet Edits;
  std::vector<Finding> Findings;
  FileStats Stats;
  /// Claims byte range [Begin, End) for `Rule`: other rules do not edit the
  /// tokens inside (e.g. wave-native's rewritten bodies, which the
  /// logical-32 rules must leave alone). AST rules' claims arrive here
  /// before any token rule runs; a token rule's claim made in run() binds
  /// the others only from their finish() on (Rule::finish).
  void claim(llvm::StringRef Rule, unsigned Begin, unsigned End);
  /// The id of the rule that claimed `Offset`, or "" when none did.
  llvm::StringRef claimedBy(unsigned Offset) const;
  /// True when `Offset` lies in a range claimed by a rule the running rule
  /// yields to (yieldsTo): the running rule leaves it alone.
  bool yieldsAt(unsigned Offset) const;
  /// Runs `R.run(*this)`, or `R.finish(*this)`, with `R` as the running
  /// rule whose ids and claims the context checks (see the class comment).
  void run(Rule &R);
  void finish(Rule &R);
  /// Asks for `Header` (e.g. "cu2hip/wave.h") in the output; the includes
  /// rule adds the missing ones in its finish() (Rule::finish), after every
  /// rule ran, so a request from any rule in run() is seen.
  void requestHeader(llvm::StringRef Header) { RequestedHeaders.insert(Header); }
  const llvm::StringSet<> &requestedHeaders() const { return RequestedHeaders; }
  /// Headers ("hip/hip_runtime.h", "cu2hip/wave.h") a fragment
  /// (SemanticIndex::EnteredInBody) needs but may not take: the includes
  /// rule puts them here, the porter requests them in the files that
  /// include the fragment (FileResult::DeferredHeaders).
  std::vector<std::string> DeferredHeaders;

private:
  /// Checks `Id` (and `Sev`, for a finding) against the running rule's
  /// declared ids, or porterIds() when no rule runs; aborts on a mismatch.
  void checkId(llvm::StringRef Id, const Severity *Sev) const;
  std::vector<unsigned> LineStarts;
  /// Sorted by begin; may overlap.
  std::vector<std::tuple<unsigned, unsigned, std::string>> Claims;
  llvm::StringSet<> RequestedHeaders;
  /// The rule in run(Rule&)/finish(Rule&), or null.
  const Rule *Running = nullptr;

public:
  /// Records a replacement of tokens [First, Last] by `Text`.
  void replaceTokens(llvm::StringRef Rule, size_t First, size_t Last,
                     llvm::StringRef Text);
  /// Inserts `Text` before token `I` (or after it when `After`).
  void insert(llvm::StringRef Rule, size_t I, llvm::StringRef Text,
              bool After = false);
  void insertAtOffset(llvm::StringRef Rule, unsigned Offset, llvm::StringRef Text);
  /// Reports a finding at byte `Offset`.
  void report(llvm::StringRef Rule, Severity Sev, unsigned Offset,
              llvm::StringRef Message, llvm::StringRef Fix = "");
  /// The file's line ending ("\r\n" when its first line ends so), for
  /// inserted lines.
  llvm::StringRef eol() const {
    size_t NL = Buffer.find('\n');
    return NL != llvm::StringRef::npos && NL > 0 && Buffer[NL - 1] == '\r' ? "\r\n" : "\n";
  }
  /// `Text` with its "\n" line ends turned into eol().
  std::string withEol(llvm::StringRef Text) const;
  /// 1-based line and column of byte `Offset` (binary search in a line table
  /// built on first use).
  std::pair<unsigned, unsigned> lineColOf(unsigned Offset);
  /// True when the identifier at token `I` is used as a member name
  /// (`a.x`, `p->x`) or qualified by a namespace that is not mapped.
  bool isMemberOrForeignQualified(size_t I) const;
};

/// What an id stands for: the edits of a rule (which may also report notes
/// under the same id), or a finding of one severity.
enum class IdKind { Edit, Note, Warning, Error };

llvm::StringRef idKindName(IdKind K);

/// One id a rule (or the porter itself) emits, with its one-line summary;
/// the long form with a before/after example is its docs/rules.md entry,
/// its test a lit file under test/lit (both checked by a unit test).
struct RuleIdInfo {
  const char *Id;
  IdKind Kind;
  const char *Summary;
};

/// A token-level rule.
class Rule {
public:
  virtual ~Rule();
  /// Every id the rule emits; the first is the rule's own (its edits are
  /// counted under it, and it names the rule in docs/rules.md).
  virtual llvm::ArrayRef<RuleIdInfo> ids() const = 0;
  /// The rule's own id, e.g. "names" or "wave-shfl".
  llvm::StringRef id() const { return ids().front().Id; }
  /// Whether the rule runs under `Opts` (default: always; opt-in rules and
  /// mode-specific rules say when).
  virtual bool enabled(const Options &) const { return true; }
  /// Edits and findings of the file; claims (FileContext::claim) and
  /// header requests (FileContext::requestHeader) made here are seen by
  /// every rule's finish().
  virtual void run(FileContext &Ctx) = 0;
  /// Called after every rule's run() on the file, for work that reads what
  /// all rules asked for (the includes rule adds the requested headers
  /// here), so no rule depends on running after another. Default: nothing.
  virtual void finish(FileContext &) {}
};

/// The rule contract's check (FileContext, AstRuleContext): `Id` must be
/// one of `Declared`, and a finding's severity `*Sev` (null for an edit or
/// claim) the id's declared kind (an IdKind::Edit id may report any
/// severity; any id a note). On a mismatch: a fatal internal error naming `Who` ("rule
/// 'x'") and `Where` (the file).
void checkDeclaredId(llvm::ArrayRef<RuleIdInfo> Declared, llvm::StringRef Id,
                     const Severity *Sev, llvm::StringRef Who, llvm::StringRef Where);

/// The ids of the rules whose claimed ranges (FileContext::claim) the rule
/// `RuleId` leaves alone: the logical-32 wave rules yield to "wave-native",
/// whose rewritten bodies use the full wavefront already. Declared with the
/// registry (Registry.cpp); FileContext drops the rule's edits and findings
/// there (FileContext::yieldsAt).
llvm::ArrayRef<llvm::StringRef> yieldsTo(llvm::StringRef RuleId);

/// Creates the token rules enabled by `Opts`, in the order they run.
std::vector<std::unique_ptr<Rule>> createRules(const Options &Opts);
/// Every id the tool can emit: the ids each token and AST rule declares
/// (whether enabled or not) and the porter's own (parse-*, edit-conflict,
/// io-error), each once, in registry order. --list-rules prints it.
std::vector<RuleIdInfo> ruleCatalogue();
/// The ids the porter emits itself rather than a rule: the semantic pass's
/// parse-* and the porter's edit-conflict and io-error.
llvm::ArrayRef<RuleIdInfo> porterIds();

} // namespace cu2hip

#endif

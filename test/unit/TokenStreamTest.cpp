//===- TokenStreamTest.cpp - raw token stream and argument splitting ------===//
#include "cu2hip/Tokens.h"
#include "gtest/gtest.h"

using namespace cu2hip;
using clang::tok::TokenKind;
namespace tok = clang::tok;

namespace {

size_t find(const TokenStream &T, llvm::StringRef Text, size_t From = 0) {
  for (size_t I = From; I < T.size(); ++I)
    if (T[I].Text == Text)
      return I;
  ADD_FAILURE() << "token '" << Text.str() << "' not found";
  return 0;
}

std::vector<std::string> args(const TokenStream &T, const ArgList &L) {
  std::vector<std::string> R;
  for (const auto &A : L.Args)
    R.push_back(T.argText(A).str());
  return R;
}

TEST(TokenStream, TripleChevronsAreSingleTokens) {
  TokenStream T("k<<<g, b>>>(x);");
  size_t L = find(T, "<<<");
  EXPECT_TRUE(T[L].is(tok::lesslessless));
  size_t R = find(T, ">>>");
  EXPECT_TRUE(T[R].is(tok::greatergreatergreater));
  auto M = T.matchForward(L);
  ASSERT_TRUE(M.has_value());
  EXPECT_EQ(*M, R);
}

TEST(TokenStream, LaunchConfigurationList) {
  TokenStream T("k<T, 4><<<dim3(1, 1, 1), dim3(N, 1, 1), S * sizeof(int), s>>>(d);");
  size_t L = find(T, "<<<");
  auto C = T.parseList(L);
  ASSERT_TRUE(C.has_value());
  EXPECT_EQ(args(T, *C), (std::vector<std::string>{"dim3(1, 1, 1)", "dim3(N, 1, 1)",
                                                   "S * sizeof(int)", "s"}));
  // The kernel's argument list after >>> is separate.
  auto A = T.parseArgs(C->RParen + 1);
  ASSERT_TRUE(A.has_value());
  EXPECT_EQ(args(T, *A), (std::vector<std::string>{"d"}));
}

TEST(TokenStream, ArgumentsWithNestedParens) {
  TokenStream T("f(a, g(b, c), (d, e), h[i + (j, k)]);");
  auto A = T.parseArgs(find(T, "("));
  ASSERT_TRUE(A.has_value());
  EXPECT_EQ(args(T, *A),
            (std::vector<std::string>{"a", "g(b, c)", "(d, e)", "h[i + (j, k)]"}));
}

TEST(TokenStream, TemplateCommasInCalleeDoNotSplit) {
  // The callee's template arguments hold commas; the call's arguments do not see them.
  TokenStream T("k<float, 4><<<1, 32>>>(p, n);");
  auto C = T.parseList(find(T, "<<<"));
  ASSERT_TRUE(C.has_value());
  EXPECT_EQ(args(T, *C), (std::vector<std::string>{"1", "32"}));
  auto A = T.parseArgs(C->RParen + 1);
  ASSERT_TRUE(A.has_value());
  EXPECT_EQ(args(T, *A), (std::vector<std::string>{"p", "n"}));
}

TEST(TokenStream, EmptyArgumentList) {
  TokenStream T("f();");
  auto A = T.parseArgs(1);
  ASSERT_TRUE(A.has_value());
  EXPECT_TRUE(A->Args.empty());
}

TEST(TokenStream, UnbalancedHasNoMatch) {
  TokenStream T("f(a, (b);");
  EXPECT_FALSE(T.parseArgs(1).has_value());
}

TEST(TokenStream, DirectiveAndLineFlags) {
  TokenStream T("#define M(x) cudaFree(x)\nint y;\n");
  EXPECT_TRUE(T[0].is(tok::hash));
  EXPECT_TRUE(T[0].StartOfLine);
  size_t F = find(T, "cudaFree");
  EXPECT_TRUE(T[F].InDirective);
  EXPECT_TRUE(T[F].isIdent("cudaFree"));
  size_t I = find(T, "int");
  EXPECT_FALSE(T[I].InDirective);
  EXPECT_TRUE(T[I].StartOfLine);
}

TEST(TokenStream, CommentsAndStringsAreNotIdentifiers) {
  TokenStream T("// cudaMalloc\nconst char *s = \"cudaMalloc\"; /* cudaFree */ x;");
  for (const Tok &K : T.tokens())
    EXPECT_FALSE(K.isIdent("cudaMalloc") || K.isIdent("cudaFree"));
}

TEST(TokenStream, OffsetsAndLineCol) {
  llvm::StringRef Buf = "int a;\n  cudaFree(p);\n";
  TokenStream T(Buf);
  size_t F = find(T, "cudaFree");
  EXPECT_EQ(Buf.substr(T[F].Offset, T[F].Length), "cudaFree");
  auto LC = lineCol(Buf, T[F].Offset);
  EXPECT_EQ(LC.first, 2u);
  EXPECT_EQ(LC.second, 3u);
}

} // namespace

//===- EditSetTest.cpp - EditSet merging and application ------------------===//
#include "cu2hip/Edit.h"
#include "gtest/gtest.h"

using namespace cu2hip;

namespace {

Edit mk(unsigned Off, unsigned Len, const char *Text, const char *Rule = "r") {
  Edit E;
  E.Offset = Off;
  E.Length = Len;
  E.Text = Text;
  E.RuleId = Rule;
  return E;
}

TEST(EditSet, IdenticalEditsAppliedOnce) {
  // Host and device passes both produce the same rename.
  EditSet S;
  S.add(mk(0, 10, "hipMalloc", "names"));
  S.add(mk(0, 10, "hipMalloc", "names"));
  EXPECT_TRUE(S.merge().empty());
  EXPECT_EQ(S.size(), 1u);
  EXPECT_EQ(S.apply("cudaMalloc(p, 4);"), "hipMalloc(p, 4);");
}

TEST(EditSet, IdenticalInsertionsOnce) {
  EditSet S;
  S.add(mk(5, 0, "X"));
  S.add(mk(5, 0, "X"));
  EXPECT_TRUE(S.merge().empty());
  EXPECT_EQ(S.apply("01234567"), "01234X567");
}

TEST(EditSet, InsertionsAtOneOffsetKeepProductionOrder) {
  EditSet S;
  S.add(mk(3, 0, "a"));
  S.add(mk(3, 0, "b"));
  S.add(mk(3, 0, "c"));
  EXPECT_TRUE(S.merge().empty());
  EXPECT_EQ(S.apply("xyz!"), "xyzabc!");
}

TEST(EditSet, InsertionBeforeReplacementAtSameOffset) {
  // wrapArg-style: "HIP_SYMBOL(" inserted where a rename starts.
  EditSet S;
  S.add(mk(0, 4, "hipX", "names"));
  S.add(mk(0, 0, "W(", "launch-symbol"));
  S.add(mk(4, 0, ")", "launch-symbol"));
  EXPECT_TRUE(S.merge().empty());
  EXPECT_EQ(S.apply("cudX;"), "W(hipX);");
}

TEST(EditSet, InsertionAtEndOfReplacementIsNoConflict) {
  EditSet S;
  S.add(mk(0, 3, "abc"));
  S.add(mk(3, 0, "+"));
  EXPECT_TRUE(S.merge().empty());
  EXPECT_EQ(S.apply("xyz"), "abc+");
}

TEST(EditSet, OverlappingReplacementsConflict) {
  EditSet S;
  S.add(mk(2, 6, "AAAA", "dynamic-shared"));
  S.add(mk(4, 2, "BB", "names"));
  auto C = S.merge();
  ASSERT_EQ(C.size(), 1u);
  EXPECT_EQ(C[0].Kept.RuleId, "dynamic-shared");
  EXPECT_EQ(C[0].Dropped.RuleId, "names");
  EXPECT_EQ(S.size(), 1u);
  // The kept edit is applied whole; the dropped one not at all.
  EXPECT_EQ(S.apply("0123456789"), "01AAAA89");
}

TEST(EditSet, DifferentReplacementsOfSameRangeConflict) {
  EditSet S;
  S.add(mk(0, 4, "one", "a"));
  S.add(mk(0, 4, "two", "b"));
  auto C = S.merge();
  ASSERT_EQ(C.size(), 1u);
  EXPECT_EQ(C[0].Kept.Text, "one");
  EXPECT_EQ(C[0].Dropped.Text, "two");
}

TEST(EditSet, InsertionInsideReplacementConflicts) {
  EditSet S;
  S.add(mk(0, 6, "abcdef"));
  S.add(mk(3, 0, "!"));
  EXPECT_EQ(S.merge().size(), 1u);
}

TEST(EditSet, AdjacentReplacementsDoNotConflict) {
  EditSet S;
  S.add(mk(4, 2, "CD"));
  S.add(mk(0, 4, "ABCD"));
  EXPECT_TRUE(S.merge().empty());
  EXPECT_EQ(S.apply("abcdef"), "ABCDCD");
}

TEST(EditSet, AddAllMergesTwoPasses) {
  EditSet Host, Device, All;
  Host.add(mk(0, 4, "hipA"));
  Device.add(mk(0, 4, "hipA"));
  Device.add(mk(5, 4, "hipB"));
  All.addAll(Host);
  All.addAll(Device);
  EXPECT_TRUE(All.merge().empty());
  EXPECT_EQ(All.apply("cudA cudB"), "hipA hipB");
}

TEST(EditSet, ApplyIgnoresEditsPastTheEnd) {
  EditSet S;
  S.add(mk(100, 1, "x"));
  S.merge();
  EXPECT_EQ(S.apply("short"), "short");
}

// An AST rule's `__ldcs(&x[i])` -> `x_i` drops the text in which the token
// rules rename `__ldcs`: the rename is dropped silently; one that reaches
// outside the range, or a plain replacement's overlap, is still a conflict.
TEST(EditSet, EditInsideAWholeReplacementIsDroppedSilently) {
  EditSet S;
  Edit Read = mk(2, 13, "x_i");
  Read.Whole = true;
  S.add(Read);
  S.add(mk(2, 6, "cu2hip::ldcs"));
  S.add(mk(10, 1, "X"));
  EXPECT_TRUE(S.merge().empty());
  EXPECT_EQ(S.apply("y=__ldcs(&x[i]);"), "y=x_i;");
}

TEST(EditSet, EditReachingOutOfAWholeReplacementConflicts) {
  EditSet S;
  Edit Read = mk(2, 5, "r");
  Read.Whole = true;
  S.add(Read);
  S.add(mk(4, 6, "q"));
  EXPECT_EQ(S.merge().size(), 1u);
  EditSet Plain;
  Plain.add(mk(2, 13, "x_i"));
  Plain.add(mk(2, 6, "cu2hip::ldcs"));
  EXPECT_EQ(Plain.merge().size(), 1u);
}

TEST(EditSet, EmptySetIsIdentity) {
  EditSet S;
  EXPECT_TRUE(S.empty());
  EXPECT_TRUE(S.merge().empty());
  EXPECT_EQ(S.apply("same"), "same");
}

} // namespace

//===- LineTableTest.cpp - line and column of byte offsets ----------------===//
#include "cu2hip/LineTable.h"
#include "gtest/gtest.h"

using namespace cu2hip;

namespace {

using LC = std::pair<unsigned, unsigned>;

TEST(LineTable, ByteColumns) {
  // "ab\n" then "\tcd\n" then "e" (no final newline).
  LineTable T("ab\n\tcd\ne");
  EXPECT_EQ(T.lineCol(0), LC(1, 1));
  EXPECT_EQ(T.lineCol(2), LC(1, 3)); // the '\n' ends line 1
  EXPECT_EQ(T.lineCol(3), LC(2, 1));
  EXPECT_EQ(T.lineCol(4), LC(2, 2)); // a tab is one byte
  EXPECT_EQ(T.lineCol(7), LC(3, 1));
  EXPECT_EQ(T.lineCol(8), LC(3, 2)); // the end
  EXPECT_EQ(T.lineCol(10), LC(3, 4)); // past the end: counted on
}

TEST(LineTable, CodePointColumns) {
  // "é" is two bytes (0xC3 0xA9), "€" three; each is one code point.
  LineTable T("x\n\xC3\xA9" "a\xE2\x82\xAC" "b\n");
  EXPECT_EQ(T.codePointLineCol(2), LC(2, 1));
  EXPECT_EQ(T.codePointLineCol(4), LC(2, 2)); // after é
  EXPECT_EQ(T.codePointLineCol(5), LC(2, 3)); // after éa
  EXPECT_EQ(T.codePointLineCol(8), LC(2, 4)); // after éa€
  EXPECT_EQ(T.lineCol(8), LC(2, 7));          // bytes
  EXPECT_EQ(T.codePointLineCol(100), LC(3, 1)); // clamped to the end
}

TEST(LineTable, StartsAndEmptyText) {
  EXPECT_EQ(LineTable::lineStarts(""), std::vector<unsigned>({0}));
  EXPECT_EQ(LineTable::lineStarts("a\n\nb"), std::vector<unsigned>({0, 2, 3}));
  EXPECT_EQ(LineTable("").lineCol(0), LC(1, 1));
  std::vector<unsigned> Starts = LineTable::lineStarts("a\n\nb");
  EXPECT_EQ(LineTable::lineColIn(Starts, 3), LC(3, 1));
}

} // namespace

// Host tests of the head / vector body / tail split in cu2hip/packed.h.
#include "cu2hip/packed.h"

#include <gtest/gtest.h>

#include <vector>

using cu2hip::VecSplit;
using cu2hip::vec_split;

namespace {

// A 16-byte aligned arena so addresses are controlled exactly.
alignas(64) float FArena[256];
alignas(64) uint16_t HArena[512];

// Every element of [0, n) is covered exactly once: head scalars, vectors
// whose start is 16-byte aligned for every array, tail scalars.
template <class T>
void checkCover(size_t n, VecSplit s, std::vector<const T *> ptrs) {
  const size_t W = 16 / sizeof(T);
  ASSERT_LE(s.head, n);
  ASSERT_EQ(s.tail, s.head + s.nvec * W);
  ASSERT_LE(s.tail, n);
  for (size_t v = 0; v < s.nvec; ++v)
    for (const T *p : ptrs)
      ASSERT_EQ(reinterpret_cast<uintptr_t>(p + s.head + v * W) % 16, 0u);
  // when vectorizing at all, the tail is shorter than one vector
  if (s.nvec > 0) {
    ASSERT_LT(n - s.tail, W);
  }
}

} // namespace

TEST(PackedSplit, FloatLengths0To67AllOffsets) {
  for (size_t off = 0; off < 8; ++off)
    for (size_t n = 0; n <= 67; ++n) {
      const float *x = FArena + off;
      float *y = FArena + 128 + off; // same misalignment
      VecSplit s = vec_split<float>(n, y, x);
      size_t head = std::min(n, (4 - off % 4) % 4);
      size_t nvec = (n - head) / 4;
      EXPECT_EQ(s.head, head) << "n=" << n << " off=" << off;
      EXPECT_EQ(s.nvec, nvec) << "n=" << n << " off=" << off;
      EXPECT_EQ(s.tail, head + 4 * nvec);
      checkCover<float>(n, s, {x, y});
    }
}

TEST(PackedSplit, KnownValues) {
  // offset 1 float: 3 head elements reach the next 16-byte boundary
  VecSplit s = vec_split<float>(67, FArena + 1, FArena + 129);
  EXPECT_EQ(s.head, 3u);
  EXPECT_EQ(s.nvec, 16u);
  EXPECT_EQ(s.tail, 67u);
  s = vec_split<float>(66, FArena + 1, FArena + 129);
  EXPECT_EQ(s.nvec, 15u);
  EXPECT_EQ(s.tail, 63u);
  s = vec_split<float>(2, FArena + 1, FArena + 1);
  EXPECT_EQ(s.head, 2u);
  EXPECT_EQ(s.nvec, 0u);
  EXPECT_EQ(s.tail, 2u);
  s = vec_split<float>(0, FArena, FArena);
  EXPECT_EQ(s.head + s.nvec + s.tail, 0u);
  // three arrays
  s = vec_split<float>(40, FArena + 2, FArena + 66, FArena + 130);
  EXPECT_EQ(s.head, 2u);
  EXPECT_EQ(s.nvec, 9u);
  EXPECT_EQ(s.tail, 38u);
}

TEST(PackedSplit, DifferentMisalignmentFallsBackToScalar) {
  for (size_t n = 0; n <= 67; ++n)
    for (size_t dx = 1; dx < 4; ++dx) {
      VecSplit s = vec_split<float>(n, FArena, FArena + 128 + dx);
      EXPECT_EQ(s.head, n);
      EXPECT_EQ(s.nvec, 0u);
      EXPECT_EQ(s.tail, n);
    }
}

TEST(PackedSplit, ElementMisalignedPointerFallsBackToScalar) {
  const char *base = reinterpret_cast<const char *>(FArena);
  const float *odd = reinterpret_cast<const float *>(base + 2);
  VecSplit s = vec_split<float>(64, odd, odd);
  EXPECT_EQ(s.head, 64u);
  EXPECT_EQ(s.nvec, 0u);
}

TEST(PackedSplit, HalfWidth8AllOffsets) {
  for (size_t off = 0; off < 16; ++off)
    for (size_t n = 0; n <= 67; ++n) {
      const uint16_t *x = HArena + off;
      VecSplit s = vec_split<uint16_t>(n, x, HArena + 256 + off);
      size_t head = std::min(n, (8 - off % 8) % 8);
      EXPECT_EQ(s.head, head);
      EXPECT_EQ(s.nvec, (n - head) / 8);
      checkCover<uint16_t>(n, s, {x, HArena + 256 + off});
    }
}

TEST(PackedSplit, SingleIndexMappingCoversEachElementOnce) {
  // vec_map_at: threads 0..n-1 (the original launch) cover [0, n) once.
  for (size_t off = 0; off < 4; ++off)
    for (size_t n = 0; n <= 67; ++n) {
      VecSplit s = vec_split<float>(n, FArena + off, FArena + 128 + off);
      std::vector<int> hits(n, 0);
      for (size_t t = 0; t < n; ++t) {
        size_t first = 0;
        size_t cnt = cu2hip::vec_map_at_range(t, n, 4, s, &first);
        for (size_t k = 0; k < cnt; ++k)
          hits.at(first + k)++;
      }
      for (size_t i = 0; i < n; ++i)
        EXPECT_EQ(hits[i], 1) << "n=" << n << " off=" << off << " i=" << i;
      // threads at or beyond nvec + head + (n - tail) do nothing
      size_t busy = s.nvec + s.head + (n - s.tail);
      EXPECT_EQ(cu2hip::vec_map_at_threads<float>(n, FArena + off, FArena + 128 + off),
                busy);
      EXPECT_LE(busy, n);
      size_t first;
      EXPECT_EQ(cu2hip::vec_map_at_range(busy, n, 4, s, &first), 0u);
    }
}

TEST(PackedSplit, SingleIndexThreadsInTheCountsType) {
  // The rewritten launch computes ceil(vec_map_at_threads(n, ...) / block) in
  // the type of the original ceil(n / block): the count keeps n's type, and a
  // count <= 0 needs no thread.
  const float *y = FArena, *x = FArena + 128; // both 16-byte aligned
  static_assert(std::is_same<decltype(cu2hip::vec_map_at_threads<float>(67, y, x)), int>::value,
                "int count");
  static_assert(
      std::is_same<decltype(cu2hip::vec_map_at_threads<float>(67u, y, x)), unsigned>::value,
      "unsigned count");
  static_assert(std::is_same<decltype(cu2hip::vec_map_at_threads<float>(size_t(67), y, x)),
                             size_t>::value,
                "size_t count");
  EXPECT_EQ(cu2hip::vec_map_at_threads<float>(67, y, x), 16 + 3); // 16 vectors, tail 3
  EXPECT_EQ(cu2hip::vec_map_at_threads<float>(64, y, x), 16);
  EXPECT_EQ(cu2hip::vec_map_at_threads<float>(0, y, x), 0);
  EXPECT_EQ(cu2hip::vec_map_at_threads<float>(-5, y, x), 0);
  EXPECT_EQ(cu2hip::vec_map_at_threads<float>(INT64_MIN, y, x), 0);
  // y one float past alignment: head 3, then vectors, then the tail.
  EXPECT_EQ(cu2hip::vec_map_at_threads<float>(67, y + 1, x + 1), 3 + 16);
  // Different alignments: one thread per element, as the original launch.
  EXPECT_EQ(cu2hip::vec_map_at_threads<float>(67, y, x + 1), 67);
  EXPECT_EQ(((cu2hip::vec_map_at_threads<float>(1000, y, x) + 255) / 256), 1); // 250 threads
  EXPECT_EQ(((cu2hip::vec_map_at_threads<float>(1030, y, x) + 255) / 256), 2); // 257 + 2
  // An unscoped enumeration counts in its promoted type; a buffer class that
  // converts to a pointer is accepted like the pointer.
  enum { kN = 67 };
  static_assert(std::is_same<decltype(cu2hip::vec_map_at_threads<float>(kN, y, x)), int>::value,
                "enum count");
  EXPECT_EQ(cu2hip::vec_map_at_threads<float>(kN, y, x), 16 + 3);
  struct Buf {
    const float *p;
    operator const float *() const { return p; }
  };
  EXPECT_EQ(cu2hip::vec_map_at_threads<float>(67, Buf{y + 1}, Buf{x + 1}), 3 + 16);
  EXPECT_EQ(cu2hip::vec_map_at_threads<float>(67, Buf{y}, x + 1), 67);
}

TEST(PackedSplit, GridStrideCoversEachElementOnce) {
  // The three loops of vec_map_grid_stride, run for every thread.
  for (size_t threads : {1u, 3u, 32u})
    for (size_t off = 0; off < 4; ++off)
      for (size_t n = 0; n <= 67; ++n) {
        VecSplit s = vec_split<float>(n, FArena + off, FArena + off);
        std::vector<int> hits(n, 0);
        for (size_t tid = 0; tid < threads; ++tid) {
          for (size_t i = tid; i < s.head; i += threads)
            hits[i]++;
          for (size_t v = tid; v < s.nvec; v += threads)
            for (size_t k = 0; k < 4; ++k)
              hits[s.head + v * 4 + k]++;
          for (size_t i = s.tail + tid; i < n; i += threads)
            hits[i]++;
        }
        for (size_t i = 0; i < n; ++i)
          ASSERT_EQ(hits[i], 1);
      }
}

TEST(PackedSplit, CanVectorizeHostCheck) {
  EXPECT_TRUE(cu2hip::can_vectorize128<float>(64, FArena, FArena + 4));
  EXPECT_FALSE(cu2hip::can_vectorize128<float>(64, FArena, FArena + 1));
  EXPECT_FALSE(cu2hip::can_vectorize128<float>(63, FArena, FArena + 4));
  EXPECT_TRUE(cu2hip::can_vectorize128<uint16_t>(64, HArena));
  EXPECT_FALSE(cu2hip::can_vectorize128<uint16_t>(60, HArena));
}

TEST(PackedSplit, Packed128Layout) {
  static_assert(sizeof(cu2hip::Packed128<float>) == 16, "");
  static_assert(alignof(cu2hip::Packed128<float>) == 16, "");
  static_assert(cu2hip::Packed128<float>::size == 4, "");
  static_assert(cu2hip::Packed128<uint16_t>::size == 8, "");
  static_assert(cu2hip::Packed128<double>::size == 2, "");
  constexpr VecSplit s = cu2hip::vec_split_raw(10, 4, 16, 0x1004, 0);
  static_assert(s.head == 3 && s.nvec == 1 && s.tail == 7, "constexpr split");
}

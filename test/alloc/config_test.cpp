// Tests of the CU2HIP_ALLOC_CONF parser.
#include "config.h"

#include <gtest/gtest.h>

using namespace cu2hip::alloc;

TEST(AllocConfig, EmptyMeansPassthroughDefaults) {
  Config C;
  EXPECT_EQ(parseConfig(nullptr, C), "");
  EXPECT_EQ(C.Backend, BackendKind::Passthrough);
  EXPECT_EQ(parseConfig("", C), "");
  EXPECT_EQ(parseConfig(" , ,", C), "");
  EXPECT_EQ(C.MaxSplitSize, SIZE_MAX);
  EXPECT_TRUE(C.FreeFence);
  EXPECT_EQ(describeConfig(C), "backend:passthrough,host_coherent:auto,free_fence:1");
}

TEST(AllocConfig, FullSetting) {
  Config C;
  ASSERT_EQ(parseConfig("backend:caching, max_split_size_mb:128,"
                        "roundup_power2_divisions:4,"
                        "garbage_collection_threshold:0.8,release_threshold:512M,"
                        "host_coherent:0,free_fence:0,oom_report:0,"
                        "report_at_exit:1,top_sites:5",
                        C),
            "");
  EXPECT_EQ(C.Backend, BackendKind::Caching);
  EXPECT_EQ(C.MaxSplitSize, size_t(128) << 20);
  EXPECT_EQ(C.RoundupPower2Divisions, 4u);
  EXPECT_DOUBLE_EQ(C.GcThreshold, 0.8);
  EXPECT_EQ(C.ReleaseThreshold, uint64_t(512) << 20);
  EXPECT_EQ(C.Host, HostCoherent::Off);
  EXPECT_FALSE(C.FreeFence);
  EXPECT_FALSE(C.OomReport);
  EXPECT_TRUE(C.ReportAtExit);
  EXPECT_EQ(C.TopSites, 5u);
  EXPECT_EQ(describeConfig(C),
            "backend:caching,max_split_size_mb:128,roundup_power2_divisions:4,"
            "garbage_collection_threshold:0.8,release_threshold:536870912,"
            "host_coherent:0,free_fence:0");
}

TEST(AllocConfig, ExpandableSegments) {
  Config C;
  EXPECT_FALSE(C.ExpandableSegments);
  ASSERT_EQ(parseConfig("backend:caching,expandable_segments:True", C), "");
  EXPECT_TRUE(C.ExpandableSegments);
  EXPECT_EQ(describeConfig(C),
            "backend:caching,host_coherent:auto,free_fence:1,expandable_segments:1");
  ASSERT_EQ(parseConfig("expandable_segments:0", C), "");
  EXPECT_FALSE(C.ExpandableSegments);
  EXPECT_EQ(parseConfig("expandable_segments:yes", C),
            "CU2HIP_ALLOC_CONF: bad value 'yes' for key 'expandable_segments' "
            "(expected 1 or 0)");
}

TEST(AllocConfig, Aliases) {
  Config C;
  EXPECT_EQ(parseConfig("backend:native", C), "");
  EXPECT_EQ(C.Backend, BackendKind::Caching);
  EXPECT_EQ(parseConfig("backend:cudaMallocAsync,release_threshold:max", C), "");
  EXPECT_EQ(C.Backend, BackendKind::Async);
  EXPECT_EQ(C.ReleaseThreshold, UINT64_MAX);
  EXPECT_EQ(parseConfig("backend:hipMallocAsync,release_threshold_mb:256", C), "");
  EXPECT_EQ(C.ReleaseThreshold, uint64_t(256) << 20);
  EXPECT_EQ(parseConfig("release_threshold:1048576", C), "");
  EXPECT_EQ(C.ReleaseThreshold, 1048576u);
  EXPECT_EQ(parseConfig("release_threshold:2GiB", C), "");
  EXPECT_EQ(C.ReleaseThreshold, uint64_t(2) << 30);
  EXPECT_EQ(parseConfig("roundup_power2_divisions:1", C), "");
  EXPECT_EQ(C.RoundupPower2Divisions, 0u);
  EXPECT_EQ(parseConfig("host_coherent:auto", C), "");
  EXPECT_EQ(C.Host, HostCoherent::Auto);
  EXPECT_EQ(parseConfig("host_coherent:true", C), "");
  EXPECT_EQ(C.Host, HostCoherent::On);
}

TEST(AllocConfig, ErrorsNameTheKeyAndValue) {
  Config C;
  EXPECT_EQ(parseConfig("backend:fast", C),
            "CU2HIP_ALLOC_CONF: bad value 'fast' for key 'backend' "
            "(expected passthrough, caching or async)");
  EXPECT_EQ(parseConfig("max_split_size_mb:20", C),
            "CU2HIP_ALLOC_CONF: bad value '20' for key 'max_split_size_mb' "
            "(expected a whole number of MiB, more than 20)");
  EXPECT_EQ(parseConfig("max_split_size_mb:-5", C),
            "CU2HIP_ALLOC_CONF: bad value '-5' for key 'max_split_size_mb' "
            "(expected a whole number of MiB, more than 20)");
  EXPECT_EQ(parseConfig("roundup_power2_divisions:3", C),
            "CU2HIP_ALLOC_CONF: bad value '3' for key 'roundup_power2_divisions' "
            "(expected a power of two from 1 to 64)");
  EXPECT_EQ(parseConfig("garbage_collection_threshold:1.5", C),
            "CU2HIP_ALLOC_CONF: bad value '1.5' for key "
            "'garbage_collection_threshold' (expected a fraction strictly "
            "between 0 and 1)");
  EXPECT_EQ(parseConfig("garbage_collection_threshold:0.5x", C).substr(0, 40),
            "CU2HIP_ALLOC_CONF: bad value '0.5x' for ");
  EXPECT_EQ(parseConfig("release_threshold:12Q", C),
            "CU2HIP_ALLOC_CONF: bad value '12Q' for key 'release_threshold' "
            "(expected bytes, optionally with K/M/G, or 'max')");
  EXPECT_EQ(parseConfig("free_fence:maybe", C),
            "CU2HIP_ALLOC_CONF: bad value 'maybe' for key 'free_fence' "
            "(expected 1 or 0)");
  EXPECT_EQ(parseConfig("top_sites:0", C),
            "CU2HIP_ALLOC_CONF: bad value '0' for key 'top_sites' "
            "(expected a number from 1 to 1000)");
  EXPECT_EQ(parseConfig("max_split_size_mb:999999999999999999999", C).substr(0, 30),
            "CU2HIP_ALLOC_CONF: bad value '");
}

TEST(AllocConfig, UnknownDuplicateAndMalformed) {
  Config C;
  std::string E = parseConfig("backend:caching,pinned_num_register_threads:8", C);
  EXPECT_EQ(E.substr(0, 67),
            "CU2HIP_ALLOC_CONF: unknown key 'pinned_num_register_threads' (known");
  EXPECT_NE(E.find("expandable_segments"), std::string::npos);
  EXPECT_NE(E.find("max_split_size_mb"), std::string::npos);
  EXPECT_EQ(parseConfig("backend:caching,backend:async", C),
            "CU2HIP_ALLOC_CONF: key 'backend' given twice");
  EXPECT_EQ(parseConfig("caching", C).substr(0, 60),
            "CU2HIP_ALLOC_CONF: 'caching' is not of the form key:value (k");
  EXPECT_EQ(parseConfig("release_threshold:1M,release_threshold_mb:1", C),
            "CU2HIP_ALLOC_CONF: give release_threshold or "
            "release_threshold_mb, not both");
}

TEST(AllocConfig, PinnedHostFlagsStayCoherent) {
  const unsigned Coh = 0x40000000, NonCoh = 0x80000000; // AMD values
  const unsigned Portable = 1, Mapped = 2, WriteCombined = 4;
  // CUDA: all pinned memory is coherent -> ask AMD for coherent memory.
  EXPECT_EQ(mapHostFlags(0, HostCoherent::Auto, Coh, NonCoh), Coh);
  EXPECT_EQ(mapHostFlags(Portable, HostCoherent::Auto, Coh, NonCoh), Portable | Coh);
  EXPECT_EQ(mapHostFlags(WriteCombined, HostCoherent::Auto, Coh, NonCoh),
            WriteCombined | Coh);
  EXPECT_EQ(mapHostFlags(Portable | Mapped, HostCoherent::On, Coh, NonCoh),
            Portable | Mapped | Coh);
  // explicit non-coherent request and host_coherent:0 pass through
  EXPECT_EQ(mapHostFlags(Portable | NonCoh, HostCoherent::Auto, Coh, NonCoh),
            Portable | NonCoh);
  EXPECT_EQ(mapHostFlags(WriteCombined, HostCoherent::Off, Coh, NonCoh),
            WriteCombined);
  // NVIDIA platform: hipHostMallocCoherent is 0
  EXPECT_EQ(mapHostFlags(Portable, HostCoherent::Auto, 0, 0), Portable);
}

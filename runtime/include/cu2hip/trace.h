// cu2hip/trace.h — parity trace recorder (header-only, plain C++17, no LLVM).
//
// A trainer records named scalars per step and selected tensors, written as JSON lines, so
// that two runs of the same program (CUDA original, HIP port, CPU reference) can be compared
// by `cu2hip-parity A B`. Usable from .cu, .hip and .cpp files; it never touches the GPU: the
// caller copies values to the host first.
//
// Every value carries a tolerance class, which says how the compare tool judges it:
//   Exact  — elementwise fp results that both sides compute with the same operations: bitwise.
//   Reduce — sums, means, norms (the order of additions may differ): relative 1e-5.
//   Train  — values after N training steps (losses, weights, returns): relative 1e-3.
// The dtype (f32, f64, f16, bf16, i32, i64) widens the tolerance for 16-bit types.
//
// Format (one JSON object per line; see docs/parity.md):
//   {"type":"meta","format":"cu2hip-trace","version":1,"sample":"mlp_digits","impl":"cuda",...}
//   {"type":"scalar","step":3,"name":"loss","dtype":"f32","class":"train","value":0.512}
//   {"type":"tensor","step":20,"name":"logits","dtype":"f32","class":"train","n":4,"values":[..]}
//   {"type":"perf","name":"ms_per_step","value":1.25}          (never compared)
//   {"type":"end","records":123}
// Floats are written with 9 significant digits (f32 round-trips exactly), doubles with 17;
// NaN and infinities as the strings "nan", "inf", "-inf".
#ifndef CU2HIP_TRACE_H
#define CU2HIP_TRACE_H

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace cu2hip {
namespace trace {

enum class Class { Exact, Reduce, Train };

inline const char *className(Class c) {
  switch (c) {
  case Class::Exact: return "exact";
  case Class::Reduce: return "reduce";
  case Class::Train: return "train";
  }
  return "train";
}

// Which implementation is recording: a HIP port (any platform), a CUDA original, or a CPU
// reference. Decided at compile time, so ported code needs no edit to say what it is.
inline const char *defaultImpl() {
#if defined(__HIP_PLATFORM_NVIDIA__) || defined(__HIP_PLATFORM_AMD__) ||                   \
    defined(__HIP_PLATFORM_HCC__) || defined(__HIPCC__)
  return "hip";
#elif defined(__CUDACC__)
  return "cuda";
#else
  return "cpu";
#endif
}

class Recorder {
public:
  Recorder() = default;
  Recorder(const Recorder &) = delete;
  Recorder &operator=(const Recorder &) = delete;
  ~Recorder() { close(); }

  // Opens `path` for writing. An empty path leaves the recorder disabled (every call a no-op).
  // `meta` holds extra string fields for the meta line (mode, seed, steps, device...).
  bool open(const std::string &path, const std::string &sample,
            const std::vector<std::pair<std::string, std::string>> &meta = {},
            const char *impl = defaultImpl()) {
    close();
    if (path.empty())
      return true;
    f_ = std::fopen(path.c_str(), "w");
    if (!f_) {
      std::fprintf(stderr, "trace: cannot open '%s' for writing\n", path.c_str());
      return false;
    }
    std::string line = "{\"type\":\"meta\",\"format\":\"cu2hip-trace\",\"version\":1";
    line += ",\"sample\":" + quote(sample) + ",\"impl\":" + quote(impl);
    for (const auto &kv : meta)
      line += "," + quote(kv.first) + ":" + quote(kv.second);
    line += "}";
    emit(line);
    return true;
  }

  bool enabled() const { return f_ != nullptr; }

  void scalar(long step, const char *name, double value, Class cls = Class::Train,
              const char *dtype = "f32") {
    if (!f_)
      return;
    std::string line = head("scalar", step, name, dtype, cls);
    line += ",\"value\":" + number(value, dtype) + "}";
    emit(line);
  }

  void tensor(long step, const char *name, const float *data, size_t n,
              Class cls = Class::Train) {
    tensorImpl(step, name, data, n, cls, "f32");
  }
  void tensor(long step, const char *name, const double *data, size_t n,
              Class cls = Class::Train) {
    tensorImpl(step, name, data, n, cls, "f64");
  }
  void tensor(long step, const char *name, const int32_t *data, size_t n,
              Class cls = Class::Exact) {
    tensorImpl(step, name, data, n, cls, "i32");
  }

  // Timings and other figures that are reported, never compared.
  void perf(const char *name, double value) {
    if (!f_)
      return;
    emit("{\"type\":\"perf\",\"name\":" + quote(name) + ",\"value\":" + number(value, "f64") +
         "}");
  }

  void close() {
    if (!f_)
      return;
    ++records_;
    std::fprintf(f_, "{\"type\":\"end\",\"records\":%ld}\n", records_);
    std::fclose(f_);
    f_ = nullptr;
    records_ = 0;
  }

  static std::string quote(const std::string &s) {
    std::string out = "\"";
    for (char c : s) {
      switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
      }
    }
    return out + "\"";
  }

  // Shortest text that reads back to the same value of the given dtype.
  static std::string number(double v, const char *dtype) {
    if (std::isnan(v))
      return "\"nan\"";
    if (std::isinf(v))
      return v > 0 ? "\"inf\"" : "\"-inf\"";
    char buf[40];
    std::string dt = dtype;
    if (dt == "i32" || dt == "i64")
      std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
    else if (dt == "f64")
      std::snprintf(buf, sizeof buf, "%.17g", v);
    else
      std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(static_cast<float>(v)));
    return buf;
  }

private:
  std::string head(const char *type, long step, const char *name, const char *dtype,
                   Class cls) {
    return std::string("{\"type\":\"") + type + "\",\"step\":" + std::to_string(step) +
           ",\"name\":" + quote(name) + ",\"dtype\":\"" + dtype + "\",\"class\":\"" +
           className(cls) + "\"";
  }

  template <typename T>
  void tensorImpl(long step, const char *name, const T *data, size_t n, Class cls,
                  const char *dtype) {
    if (!f_)
      return;
    std::string line = head("tensor", step, name, dtype, cls);
    line += ",\"n\":" + std::to_string(n) + ",\"values\":[";
    for (size_t i = 0; i < n; ++i) {
      if (i)
        line += ",";
      line += number(static_cast<double>(data[i]), dtype);
    }
    line += "]}";
    emit(line);
  }

  void emit(const std::string &line) {
    std::fputs(line.c_str(), f_);
    std::fputc('\n', f_);
    ++records_;
  }

  std::FILE *f_ = nullptr;
  long records_ = 0;
};

} // namespace trace
} // namespace cu2hip

#endif // CU2HIP_TRACE_H

// samples/common/data.h — loaders for the data sets the samples train on, from files that
// Debian packages install (nothing is downloaded):
//   digits: scikit-learn's 8x8 handwritten digits, 1797 rows of 64 pixel values (0..16) and a
//           label, in python3-sklearn's digits.csv.gz (read with zlib);
//   text:   any text file, by default the GPL-3 text in /usr/share/common-licenses.
// Plain host C++; link with -lz.
#ifndef SAMPLES_COMMON_DATA_H
#define SAMPLES_COMMON_DATA_H

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
#include <zlib.h>

inline bool fileReadable(const std::string &p) {
  std::FILE *f = std::fopen(p.c_str(), "rb");
  if (!f)
    return false;
  std::fclose(f);
  return true;
}

// First readable path of: the explicit one, $env, then the defaults.
inline std::string findDataFile(const std::string &given, const char *env,
                                const std::vector<std::string> &defaults) {
  if (!given.empty())
    return given;
  if (const char *e = std::getenv(env))
    if (*e)
      return e;
  for (const auto &d : defaults)
    if (fileReadable(d))
      return d;
  return defaults.empty() ? std::string() : defaults.front();
}

struct DigitsData {
  int rows = 0;
  std::vector<float> x;  // rows x 64, scaled to [0, 1]
  std::vector<int> y;    // rows labels 0..9
};

inline bool loadDigits(const std::string &path, DigitsData &d) {
  gzFile g = gzopen(path.c_str(), "rb");
  if (!g) {
    std::fprintf(stderr, "digits: cannot open '%s' (install python3-sklearn or pass --data)\n",
                 path.c_str());
    return false;
  }
  std::string text;
  char buf[1 << 15];
  int n;
  while ((n = gzread(g, buf, sizeof buf)) > 0)
    text.append(buf, static_cast<size_t>(n));
  gzclose(g);
  const char *p = text.c_str();
  while (*p) {
    float row[65];
    int k = 0;
    while (k < 65 && *p) {
      char *end;
      row[k++] = std::strtof(p, &end);
      if (end == p)
        return false;
      p = end;
      if (*p == ',')
        ++p;
      else
        break;
    }
    while (*p == '\r' || *p == '\n')
      ++p;
    if (k != 65) {
      std::fprintf(stderr, "digits: malformed row %d in '%s'\n", d.rows, path.c_str());
      return false;
    }
    for (int i = 0; i < 64; ++i)
      d.x.push_back(row[i] / 16.0f);
    d.y.push_back(static_cast<int>(row[64]));
    ++d.rows;
  }
  return d.rows > 0;
}

inline std::string defaultDigitsPath(const std::string &given) {
  return findDataFile(given, "CU2HIP_DIGITS",
                      {"/usr/lib/python3/dist-packages/sklearn/datasets/data/digits.csv.gz"});
}

inline std::string defaultTextPath(const std::string &given) {
  return findDataFile(given, "CU2HIP_TEXT", {"/usr/share/common-licenses/GPL-3"});
}

inline bool loadText(const std::string &path, std::string &out) {
  std::FILE *f = std::fopen(path.c_str(), "rb");
  if (!f) {
    std::fprintf(stderr, "text: cannot open '%s' (pass --data)\n", path.c_str());
    return false;
  }
  char buf[1 << 15];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0)
    out.append(buf, n);
  std::fclose(f);
  return !out.empty();
}

#endif // SAMPLES_COMMON_DATA_H

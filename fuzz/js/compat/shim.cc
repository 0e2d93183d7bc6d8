// Jazzer.js 4's prebuilt libFuzzer addon is built against glibc 2.38 and GCC 13's
// libstdc++, and calls three functions of theirs that older systems (Debian 12: glibc
// 2.36, GCC 12) lack. When the addon will not load, scripts/fuzz.sh marks those
// versions weak in it (weaken.py) and preloads these stand-ins, built with g++:
//   - __isoc23_strtol/strtoul: C23's strtol/strtoul, which also read a "0b" prefix
//     (libFuzzer reads its decimal flags with them: no difference there);
//   - std::ios_base_library_init(): GCC 13's call that makes the standard streams
//     (the addon writes to std::cout and std::cerr); here an ios_base::Init does it.
#include <cstdlib>
#include <ios>

extern "C" long __isoc23_strtol(const char *s, char **end, int base) { return std::strtol(s, end, base); }
extern "C" unsigned long __isoc23_strtoul(const char *s, char **end, int base) { return std::strtoul(s, end, base); }

namespace std {
void ios_base_library_init() { static ios_base::Init init; }
}

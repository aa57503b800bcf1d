#ifndef CICU_SHIM_H
#define CICU_SHIM_H
// System ICU (libicu-dev). Not imported by Swift directly: see Sources/CICUShim.
#include <unicode/ucal.h>
#endif

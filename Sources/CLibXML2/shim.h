#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, and its encoding.h then includes ICU's headers, which clash with the copy
// of ICU inside Foundation. Only the ICU-backed encoding handler's layout depends on this, and sitegen never
// touches that struct (it parses UTF-8 through htmlReadMemory), so the headers are read without it.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/parserInternals.h>

// xmlFree is a global function pointer, which Swift imports awkwardly: one plain function to call it.
static inline void sitegen_xml_free(void *pointer) {
    xmlFree(pointer);
}

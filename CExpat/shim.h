#ifndef YOUBI_CEXPAT_SHIM_H
#define YOUBI_CEXPAT_SHIM_H

// Expat (Debian's libexpat1-dev), the XML parser the feed and OPML readers use. It links
// against libc alone, so the static binary takes libexpat.a with no further flags.
// Debian's Expat is built with DTD support (XML_DTD), which declares the limits against
// entity amplification only when the header is told so.
#define XML_DTD 1
#include <expat.h>

// XML_TRUE and XML_FALSE are casts in macros, which do not import into Swift.
static inline XML_Bool youbi_XML_TRUE(void) { return XML_TRUE; }
static inline XML_Bool youbi_XML_FALSE(void) { return XML_FALSE; }

#endif

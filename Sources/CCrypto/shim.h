// SHA-256 through libcrypto's own functions (SHA256_Init…), which OpenSSL 3 marks deprecated in favour of EVP: EVP
// sets up OpenSSL's provider machinery on first use, which cost every build 2.4 MB of memory and over a millisecond
// of start-up (SiteBasics' SHA256Digest says more).
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>

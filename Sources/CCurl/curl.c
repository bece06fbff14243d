#include <dlfcn.h>
#include <stdio.h>
#include "sitegen_curl.h"

// Every libcurl function sitegen calls, found by dlsym; curl.h gives each its exact type.
#define SITEGEN_CURL_FUNCTIONS(X) \
    X(curl_global_init) X(curl_easy_init) X(curl_easy_cleanup) X(curl_easy_perform) X(curl_easy_strerror) \
    X(curl_easy_setopt) X(curl_easy_getinfo) X(curl_slist_append) X(curl_slist_free_all)

#define SITEGEN_DECLARE(name) static __typeof__(&name) call_##name;
SITEGEN_CURL_FUNCTIONS(SITEGEN_DECLARE)

static char load_problem[512];

int sitegen_curl_start(void) {
    // libcurl4's library (the OpenSSL build, as libcurl4-openssl-dev links); its ABI has been 4 since 2006.
    const char *name = "libcurl.so.4";
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_problem, sizeof load_problem, "%s could not be loaded (%s); install libcurl4", name, dlerror());
        return -1;
    }
#define SITEGEN_FIND(function)                                                                                       \
    if (!(call_##function = (__typeof__(&function))dlsym(library, #function))) {                                    \
        snprintf(load_problem, sizeof load_problem, "%s has no function %s", name, #function);                       \
        return -1;                                                                                                   \
    }
    SITEGEN_CURL_FUNCTIONS(SITEGEN_FIND)
#undef SITEGEN_FIND
    CURLcode code = call_curl_global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(load_problem, sizeof load_problem, "libcurl did not start: %s", call_curl_easy_strerror(code));
        return -1;
    }
    return 0;
}

const char *sitegen_curl_load_problem(void) { return load_problem; }

CURL *sitegen_curl_easy_init(void) { return call_curl_easy_init(); }
void sitegen_curl_easy_cleanup(CURL *handle) { call_curl_easy_cleanup(handle); }
CURLcode sitegen_curl_easy_perform(CURL *handle) { return call_curl_easy_perform(handle); }
const char *sitegen_curl_easy_strerror(CURLcode code) { return call_curl_easy_strerror(code); }
struct curl_slist *sitegen_curl_slist_append(struct curl_slist *list, const char *text) {
    return call_curl_slist_append(list, text);
}
void sitegen_curl_slist_free_all(struct curl_slist *list) { call_curl_slist_free_all(list); }

CURLcode sitegen_curl_set_long(CURL *handle, CURLoption option, long value) {
    return call_curl_easy_setopt(handle, option, value);
}
CURLcode sitegen_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return call_curl_easy_setopt(handle, option, value);
}
CURLcode sitegen_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return call_curl_easy_setopt(handle, option, value);
}
CURLcode sitegen_curl_set_receiver(CURL *handle, CURLoption option, sitegen_curl_receiver receiver) {
    return call_curl_easy_setopt(handle, option, receiver);
}
CURLcode sitegen_curl_set_opensocket(CURL *handle, curl_opensocket_callback callback) {
    return call_curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, callback);
}
CURLcode sitegen_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return call_curl_easy_getinfo(handle, info, value);
}

#ifdef SITEGEN_CURL_PROBE
// For packaging only (scripts/package-deb.sh): a program that links every function this file loads, so that
// dpkg-shlibdeps finds the libcurl package, and the version of it, that sitegen needs at run time.
#define SITEGEN_REFERENCE(function) (void *)&function,
int main(void) {
    void *volatile used[] = {SITEGEN_CURL_FUNCTIONS(SITEGEN_REFERENCE)};
    return used[0] == NULL;
}
#endif

#ifndef SITEGEN_CURL_H
#define SITEGEN_CURL_H

// libcurl for `sitegen check --online`, loaded when the first request is made, not when sitegen starts: only that
// command asks the network, and libcurl's libraries (TLS, Kerberos, LDAP, …) would cost every other run memory and
// start-up time. The header gives the types and constants; every call goes through a function loaded by dlopen.
#include <curl/curl.h>

// Loads libcurl and runs curl_global_init. Call once per process, before any other function here; 0 on success,
// -1 with the reason in sitegen_curl_load_problem().
int sitegen_curl_start(void);
const char *sitegen_curl_load_problem(void);

CURL *sitegen_curl_easy_init(void);
void sitegen_curl_easy_cleanup(CURL *handle);
CURLcode sitegen_curl_easy_perform(CURL *handle);
const char *sitegen_curl_easy_strerror(CURLcode code);
struct curl_slist *sitegen_curl_slist_append(struct curl_slist *list, const char *text);
void sitegen_curl_slist_free_all(struct curl_slist *list);

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one function per argument type.
CURLcode sitegen_curl_set_long(CURL *handle, CURLoption option, long value);
CURLcode sitegen_curl_set_string(CURL *handle, CURLoption option, const char *value);
CURLcode sitegen_curl_set_pointer(CURL *handle, CURLoption option, void *value);
typedef size_t (*sitegen_curl_receiver)(char *bytes, size_t size, size_t count, void *context);
CURLcode sitegen_curl_set_receiver(CURL *handle, CURLoption option, sitegen_curl_receiver receiver);
// Called with each address libcurl is about to connect to: the callback makes the socket, or refuses the address.
CURLcode sitegen_curl_set_opensocket(CURL *handle, curl_opensocket_callback callback);
CURLcode sitegen_curl_get_long(CURL *handle, CURLINFO info, long *value);

#endif

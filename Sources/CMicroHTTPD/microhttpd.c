#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include "sitegen_microhttpd.h"

// Every libmicrohttpd function sitegen calls, found by dlsym; microhttpd.h gives each its exact type.
#define SITEGEN_MHD_FUNCTIONS(X)                                                                                     \
    X(MHD_start_daemon) X(MHD_stop_daemon) X(MHD_lookup_connection_value) X(MHD_get_connection_values)               \
    X(MHD_create_response_from_buffer) X(MHD_create_response_from_fd64) X(MHD_create_response_from_callback)         \
    X(MHD_resume_connection) X(MHD_suspend_connection) X(MHD_destroy_response) X(MHD_add_response_header)            \
    X(MHD_queue_response)

#define SITEGEN_DECLARE(name) static __typeof__(&name) call_##name;
SITEGEN_MHD_FUNCTIONS(SITEGEN_DECLARE)

static char load_problem[512];
static int load_result = -1;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    // libmicrohttpd12's library (Debian 12's, and Ubuntu's since 20.04); its ABI has been 12 since 2015.
    const char *name = "libmicrohttpd.so.12";
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_problem, sizeof load_problem, "%s could not be loaded (%s); install libmicrohttpd12", name, dlerror());
        return;
    }
#define SITEGEN_FIND(function)                                                                                       \
    if (!(call_##function = (__typeof__(&function))dlsym(library, #function))) {                                    \
        snprintf(load_problem, sizeof load_problem, "%s has no function %s", name, #function);                       \
        return;                                                                                                      \
    }
    SITEGEN_MHD_FUNCTIONS(SITEGEN_FIND)
#undef SITEGEN_FIND
    load_result = 0;
}

int sitegen_mhd_load(void) {
    pthread_once(&load_once, load);
    return load_result;
}

const char *sitegen_mhd_load_problem(void) { return load_problem; }

struct MHD_Daemon *sitegen_start_daemon(MHD_socket listen_socket, MHD_AccessHandlerCallback handler, void *handler_context,
                                        sitegen_unescaper unescaper, unsigned int connection_timeout_seconds,
                                        unsigned int connection_limit, unsigned int thread_pool_size) {
    return call_MHD_start_daemon(MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_ALLOW_SUSPEND_RESUME,
                                 0, NULL, NULL, handler, handler_context,
                                 MHD_OPTION_LISTEN_SOCKET, listen_socket,
                                 MHD_OPTION_UNESCAPE_CALLBACK, unescaper, NULL,
                                 MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
                                 MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                                 MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size,
                                 MHD_OPTION_END);
}

void sitegen_mhd_stop_daemon(struct MHD_Daemon *daemon) { call_MHD_stop_daemon(daemon); }
const char *sitegen_mhd_lookup_connection_value(struct MHD_Connection *connection, enum MHD_ValueKind kind, const char *key) {
    return call_MHD_lookup_connection_value(connection, kind, key);
}
int sitegen_mhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                      MHD_KeyValueIterator iterator, void *iterator_context) {
    return call_MHD_get_connection_values(connection, kind, iterator, iterator_context);
}
struct MHD_Response *sitegen_mhd_create_response_from_buffer(size_t size, void *buffer, enum MHD_ResponseMemoryMode mode) {
    return call_MHD_create_response_from_buffer(size, buffer, mode);
}
struct MHD_Response *sitegen_mhd_create_response_from_fd64(uint64_t size, int fd) {
    return call_MHD_create_response_from_fd64(size, fd);
}
struct MHD_Response *sitegen_mhd_create_response_from_callback(uint64_t size, size_t block_size,
                                                               MHD_ContentReaderCallback reader, void *reader_context,
                                                               MHD_ContentReaderFreeCallback free_context) {
    return call_MHD_create_response_from_callback(size, block_size, reader, reader_context, free_context);
}
void sitegen_mhd_resume_connection(struct MHD_Connection *connection) { call_MHD_resume_connection(connection); }
void sitegen_mhd_suspend_connection(struct MHD_Connection *connection) { call_MHD_suspend_connection(connection); }
void sitegen_mhd_destroy_response(struct MHD_Response *response) { call_MHD_destroy_response(response); }
enum MHD_Result sitegen_mhd_add_response_header(struct MHD_Response *response, const char *header, const char *content) {
    return call_MHD_add_response_header(response, header, content);
}
enum MHD_Result sitegen_mhd_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                           struct MHD_Response *response) {
    return call_MHD_queue_response(connection, status_code, response);
}

#ifdef SITEGEN_MHD_PROBE
// For packaging only (scripts/package-deb.sh): a program that links every function this file loads, so that
// dpkg-shlibdeps finds the libmicrohttpd package, and the version of it, that sitegen needs at run time.
#define SITEGEN_REFERENCE(function) (void *)&function,
int main(void) {
    void *volatile used[] = {SITEGEN_MHD_FUNCTIONS(SITEGEN_REFERENCE)};
    return used[0] == NULL;
}
#endif

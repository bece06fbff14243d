#ifndef SITEGEN_MICROHTTPD_H
#define SITEGEN_MICROHTTPD_H

// libmicrohttpd for `sitegen serve` (and the tests' servers), loaded when the first server starts, not when sitegen
// starts: it brings GnuTLS and eight more libraries, which cost every build 3 MB of memory and a millisecond of
// start-up. The header gives the types and constants; every call goes through a function loaded by dlopen.
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>

// Loads libmicrohttpd once per process (later calls give the first answer); 0 on success, -1 with the reason in
// sitegen_mhd_load_problem(). Call before any other function here.
int sitegen_mhd_load(void);
const char *sitegen_mhd_load_problem(void);

// The MHD_OPTION_UNESCAPE_CALLBACK function: decodes `text` in place and returns its new length.
typedef size_t (*sitegen_unescaper)(void *context, struct MHD_Connection *connection, char *text);

// MHD_start_daemon is variadic, which Swift cannot call. This starts a daemon on a socket the caller
// has bound and listens on: epoll with a pool of threads, so idle or slow clients cost a socket each and no
// thread; connections may be suspended (an event stream waits that way) and resumed from any thread; at most
// `connection_limit` connections, each closed after `connection_timeout_seconds` idle; and `unescaper` in
// place of MHD's own percent-decoding so the handler sees the raw path.
struct MHD_Daemon *sitegen_start_daemon(MHD_socket listen_socket, MHD_AccessHandlerCallback handler, void *handler_context,
                                        sitegen_unescaper unescaper, unsigned int connection_timeout_seconds,
                                        unsigned int connection_limit, unsigned int thread_pool_size);

void sitegen_mhd_stop_daemon(struct MHD_Daemon *daemon);
const char *sitegen_mhd_lookup_connection_value(struct MHD_Connection *connection, enum MHD_ValueKind kind, const char *key);
int sitegen_mhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                      MHD_KeyValueIterator iterator, void *iterator_context);
struct MHD_Response *sitegen_mhd_create_response_from_buffer(size_t size, void *buffer, enum MHD_ResponseMemoryMode mode);
struct MHD_Response *sitegen_mhd_create_response_from_fd64(uint64_t size, int fd);
struct MHD_Response *sitegen_mhd_create_response_from_callback(uint64_t size, size_t block_size,
                                                               MHD_ContentReaderCallback reader, void *reader_context,
                                                               MHD_ContentReaderFreeCallback free_context);
void sitegen_mhd_resume_connection(struct MHD_Connection *connection);
void sitegen_mhd_suspend_connection(struct MHD_Connection *connection);
void sitegen_mhd_destroy_response(struct MHD_Response *response);
enum MHD_Result sitegen_mhd_add_response_header(struct MHD_Response *response, const char *header, const char *content);
enum MHD_Result sitegen_mhd_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                           struct MHD_Response *response);

// The content reader's special results and the unknown size are macros with casts, which Swift does not import.
static const ssize_t sitegen_content_end_of_stream = MHD_CONTENT_READER_END_OF_STREAM;
static const uint64_t sitegen_size_unknown = MHD_SIZE_UNKNOWN;

#endif

#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>

// The MHD_OPTION_UNESCAPE_CALLBACK function: decodes `text` in place and returns its new length.
typedef size_t (*sitegen_unescaper)(void *context, struct MHD_Connection *connection, char *text);

// MHD_start_daemon is variadic, which Swift cannot call. This starts a daemon on a socket the caller
// has bound and listens on: epoll with a pool of threads, so idle or slow clients cost a socket each and no
// thread; connections may be suspended (an event stream waits that way) and resumed from any thread; at most
// `connection_limit` connections, each closed after `connection_timeout_seconds` idle; and `unescaper` in
// place of MHD's own percent-decoding so the handler sees the raw path.
static inline struct MHD_Daemon *sitegen_start_daemon(MHD_socket listen_socket,
                                                      MHD_AccessHandlerCallback handler, void *handler_context,
                                                      sitegen_unescaper unescaper,
                                                      unsigned int connection_timeout_seconds,
                                                      unsigned int connection_limit,
                                                      unsigned int thread_pool_size) {
    return MHD_start_daemon(MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_ALLOW_SUSPEND_RESUME,
                            0, NULL, NULL, handler, handler_context,
                            MHD_OPTION_LISTEN_SOCKET, listen_socket,
                            MHD_OPTION_UNESCAPE_CALLBACK, unescaper, NULL,
                            MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size,
                            MHD_OPTION_END);
}

// The content reader's special results and the unknown size are macros with casts, which Swift does not import.
static const ssize_t sitegen_content_end_of_stream = MHD_CONTENT_READER_END_OF_STREAM;
static const uint64_t sitegen_size_unknown = MHD_SIZE_UNKNOWN;

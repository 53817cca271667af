/* sdnotify.c: sd_notify(3), or its protocol without libsystemd: one
 * datagram of "KEY=VALUE" lines to the AF_UNIX socket $NOTIFY_SOCKET (a
 * path, or an abstract name when it begins with '@'). */
#include "autoconfig.h"
#include "base/sdnotify.h"

#ifdef HAVE_LIBSYSTEMD
#include <systemd/sd-daemon.h>

int sdnotify_send(const char *state)
{
	return sd_notify(0, state);
}

#else
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

int sdnotify_send(const char *state)
{
	const char *path = getenv("NOTIFY_SOCKET");
	if (!path || !*path)
		return 0;
	struct sockaddr_un sa;
	memset(&sa, 0, sizeof sa);
	sa.sun_family = AF_UNIX;
	size_t n = strlen(path);
	if ((path[0] != '/' && path[0] != '@') || n >= sizeof sa.sun_path)
		return -EINVAL;
	memcpy(sa.sun_path, path, n);
	if (path[0] == '@')
		sa.sun_path[0] = '\0'; /* the abstract namespace */
	int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	ssize_t w = sendto(fd, state, strlen(state), MSG_NOSIGNAL, (struct sockaddr *)&sa,
	                   (socklen_t)(offsetof(struct sockaddr_un, sun_path) + n));
	int e = errno;
	close(fd);
	return w < 0 ? -e : 1;
}
#endif

package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"golang.org/x/net/netutil"
)

// httpLimits bound what clients can hold of an HTTP listener: the time
// to send a request (headers, then the whole body), to take the
// response, to stay connected between requests, and the connections
// open at once (more wait to be accepted until one closes).
type httpLimits struct {
	readHeader time.Duration // from connecting (or the previous response) to the end of the headers
	read       time.Duration // to the end of the body
	write      time.Duration // to the end of the response
	idle       time.Duration // a kept-alive connection waiting for its next request
	maxConns   int           // connections open at once
}

// interactionsLimits serve Discord's requests: Discord sends each
// interaction at once and waits at most 3 s for the answer, so a client
// that takes 10 s to send a few kilobytes is not Discord. 1024
// connections of at most bot.MaxInteractionBody bytes each hold at most
// 64 MiB of bodies (and about 20 KiB each of buffers). While fewer
// clients than that hold connections, Discord's requests are served at
// once; beyond it, a new connection waits until a timeout frees one.
var interactionsLimits = httpLimits{readHeader: 5 * time.Second, read: 10 * time.Second, write: 15 * time.Second,
	idle: time.Minute, maxConns: 1024}

// adminLimits serve /healthz and /metrics to a monitoring system.
var adminLimits = httpLimits{readHeader: 5 * time.Second, read: 10 * time.Second, write: 30 * time.Second,
	idle: time.Minute, maxConns: 32}

// serveOn serves h on ln within limits and returns a function that shuts
// the server down gracefully.
func serveOn(ctx context.Context, logger *slog.Logger, name string, ln net.Listener, h http.Handler, limits httpLimits) func() {
	srv := &http.Server{Handler: h, ReadHeaderTimeout: limits.readHeader, ReadTimeout: limits.read,
		WriteTimeout: limits.write, IdleTimeout: limits.idle, MaxHeaderBytes: 16 << 10,
		ErrorLog: slog.NewLogLogger(logger.Handler(), slog.LevelDebug)}
	limited := netutil.LimitListener(ln, limits.maxConns)
	go func() {
		if err := srv.Serve(limited); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Error(name+" listener stopped", "err", err)
		}
	}()
	logger.Info(name+" listening", "addr", ln.Addr().String(), "max_connections", limits.maxConns)
	return func() {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
	}
}

// isLoopback reports whether a listen address (host:port) accepts
// connections from this machine only. An empty host listens on every
// interface.
func isLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	return err == nil && isLoopbackHost(host)
}

// isLoopbackHost reports whether host names this machine: localhost or a
// loopback IP address.
func isLoopbackHost(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

#!/usr/bin/env python3
"""A forward proxy on 127.0.0.1 for driftlint's tests: plain-HTTP requests
(absolute URIs) are forwarded, CONNECT is tunnelled; the first line of every
request is appended to LOG. Usage: proxy.py PORT_FILE LOG. Ends on SIGTERM."""
import http.client
import select
import socket
import socketserver
import sys
import urllib.parse
from http.server import BaseHTTPRequestHandler

PORT_FILE, LOG = sys.argv[1], sys.argv[2]


class Proxy(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def record(self):
        with open(LOG, "a") as log:
            log.write(self.requestline + "\n")

    def do_CONNECT(self):
        self.record()
        host, port = self.path.rsplit(":", 1)
        upstream = socket.create_connection((host, int(port)), timeout=30)
        self.send_response(200, "Connection established")
        self.end_headers()
        sockets = [self.connection, upstream]
        while True:
            ready, _, _ = select.select(sockets, [], [], 30)
            if not ready:
                break
            for s in ready:
                data = s.recv(65536)
                if not data:
                    upstream.close()
                    return
                (upstream if s is self.connection else self.connection).sendall(data)

    def forward(self):
        self.record()
        url = urllib.parse.urlsplit(self.path)
        body = self.rfile.read(int(self.headers.get("Content-Length", 0) or 0))
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("proxy-connection", "connection")}
        conn = http.client.HTTPConnection(url.hostname, url.port or 80, timeout=30)
        conn.request(self.command, url.path + ("?" + url.query if url.query else ""), body=body or None,
                     headers=headers)
        reply = conn.getresponse()
        data = reply.read()
        self.send_response(reply.status, reply.reason)
        for k, v in reply.getheaders():
            if k.lower() not in ("transfer-encoding", "connection", "content-length"):
                self.send_header(k, v)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = forward
    do_POST = forward


class Server(socketserver.ThreadingMixIn, socketserver.TCPServer):
    daemon_threads = True
    allow_reuse_address = True


with Server(("127.0.0.1", 0), Proxy) as server:
    with open(PORT_FILE + ".tmp", "w") as f:
        f.write(str(server.server_address[1]))
    import os
    os.rename(PORT_FILE + ".tmp", PORT_FILE)
    server.serve_forever()

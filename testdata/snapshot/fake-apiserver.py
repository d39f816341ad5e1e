#!/usr/bin/env python3
"""A fake Kubernetes API server for driftlint's snapshot test.

Serves recorded discovery and list responses from api/ (the URL path plus
.json; a list the recording lacks is answered with an empty list) on
127.0.0.1, on a free port that it prints on its first line. Every request is
appended to LOG as "METHOD PATH"; anything but GET is refused with 405, so
the test can prove the snapshot only reads. Stops after TTL seconds.
Usage: fake-apiserver.py API_DIR LOG [TTL]
"""
import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

root, log_path = sys.argv[1], sys.argv[2]
ttl = float(sys.argv[3]) if len(sys.argv) > 3 else 120.0


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def record(self):
        with open(log_path, "a") as log:
            log.write(f"{self.command} {self.path}\n")

    def send_json(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        self.record()
        path = self.path.split("?", 1)[0].rstrip("/")
        file = os.path.normpath(os.path.join(root, path.lstrip("/") + ".json"))
        if file.startswith(os.path.abspath(root)) and os.path.isfile(file):
            with open(file) as f:
                self.send_json(200, json.load(f))
            return
        parts = path.strip("/").split("/")
        # /api/v1/<resource> or /apis/<group>/<version>/<resource>: an empty list.
        if (parts[0] == "api" and len(parts) == 3) or (parts[0] == "apis" and len(parts) == 4):
            self.send_json(200, {"kind": "List", "apiVersion": "v1", "metadata": {"resourceVersion": "1"}, "items": []})
            return
        self.send_json(404, {"kind": "Status", "apiVersion": "v1", "status": "Failure", "reason": "NotFound", "code": 404})

    def refuse(self):
        self.record()
        self.send_json(405, {"kind": "Status", "apiVersion": "v1", "status": "Failure", "reason": "MethodNotAllowed", "code": 405})

    do_POST = do_PUT = do_PATCH = do_DELETE = refuse


root = os.path.abspath(root)
server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
threading.Timer(ttl, server.shutdown).start()
server.serve_forever()

#!/usr/bin/env python3
"""A Helm chart repository for tests: serves FOLDER (an index.yaml and the
packages `helm repo index` lists) on 127.0.0.1, on a free port it writes to
PORT_FILE, and appends each request's path to LOG_FILE.
Usage: chart_server.py FOLDER PORT_FILE LOG_FILE"""
import functools
import http.server
import sys

folder, port_file, log_file = sys.argv[1:4]


class Handler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        with open(log_file, "a") as log:
            log.write(self.path + "\n")


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=folder))
with open(port_file + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
import os
os.rename(port_file + ".tmp", port_file)
server.serve_forever()

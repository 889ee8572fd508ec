#!/usr/bin/env python3
"""A stand-in Overpass API server for `cairn map fetch` tests, on 127.0.0.1 only.

Usage: overpass_server.py --file ANSWER.osm --script ok|429|hang|truncate|remark[,...] --log LOG

Prints the port it listens on, then answers the n-th POST with the n-th word of the script
(the last word repeats):
  ok        200 with the file (Content-Length set);
  429       429 Too Many Requests with Retry-After: 1;
  hang      reads the request and says nothing for 60 s;
  truncate  200 announcing the file's length, sends half of it, closes;
  remark    200 with an OSM document holding Overpass's runtime-error remark.
Each request is logged as a JSON line: time, User-Agent, body.
"""
import argparse
import http.server
import json
import signal
import sys
import time
import urllib.parse


def main():
    # A test process's blocked signals are inherited through posix_spawn: take SIGTERM back.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
    ap = argparse.ArgumentParser()
    ap.add_argument("--file", required=True)
    ap.add_argument("--script", required=True)
    ap.add_argument("--log", required=True)
    a = ap.parse_args()
    answer = open(a.file, "rb").read()
    script = a.script.split(",")
    state = {"n": 0}

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def do_POST(self):
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length).decode("utf-8")
            with open(a.log, "a") as log:
                log.write(json.dumps({"time": time.time(), "userAgent": self.headers.get("User-Agent"),
                                      "query": urllib.parse.parse_qs(body).get("data", [""])[0]}) + "\n")
            word = script[min(state["n"], len(script) - 1)]
            state["n"] += 1
            if word == "ok":
                self.send_response(200)
                self.send_header("Content-Type", "application/osm3s+xml")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)
            elif word == "429":
                text = b"rate limited"
                self.send_response(429)
                self.send_header("Retry-After", "1")
                self.send_header("Content-Length", str(len(text)))
                self.end_headers()
                self.wfile.write(text)
            elif word == "hang":
                time.sleep(60)
            elif word == "truncate":
                self.send_response(200)
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer[: len(answer) // 2])
                self.wfile.flush()
                self.close_connection = True
            elif word == "remark":
                text = (b'<?xml version="1.0" encoding="UTF-8"?>\n<osm version="0.6" generator="Overpass API">\n'
                        b'<remark> runtime error: Query timed out in "query" at line 3 after 2 seconds. </remark>\n</osm>\n')
                self.send_response(200)
                self.send_header("Content-Length", str(len(text)))
                self.end_headers()
                self.wfile.write(text)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()

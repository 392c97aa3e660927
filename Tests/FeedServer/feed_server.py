#!/usr/bin/env python3
"""A small HTTP server on 127.0.0.1 for youbi's subscription tests.

    feed_server.py --dir DIR --log LOG --port-file FILE

Binds an ephemeral port on 127.0.0.1 and writes it to FILE (atomically) once it
listens. Serves the files in DIR; the first part of the path picks a behaviour:

    /NAME               ETag and Last-Modified; 304 when either validator matches
    /etag/NAME          ETag only           /lm/NAME      Last-Modified only
    /plain/NAME         no validators       /gzip/NAME    gzip-encoded when asked
    /slow/NAME          waits until the file DIR/release exists (or 120 s), then serves
    /status/CODE        answers CODE with a short body
    /truncated/NAME     promises more bytes than it sends, then closes
    /oversize           announces 300 MiB (Content-Length) and sends nothing
    /oversize-stream    streams 257 MiB chunked, with no length given
    /loop               redirects to itself          /redirect/NAME  301 to /NAME

DIR/NAME.mode, when it exists, gives /NAME one of these behaviours ("status/503",
"truncated", "slow", "oversize-stream", "oversize-trickle": the same, a mebibyte each
50 ms), so one URL can be good, then bad.

Every request is logged to LOG as one JSON line when it starts ("event": "start")
and when its answer is sent ("event": "done", with the status and the
conditional headers it came with), so a test proves a 304 from the log.
"""
import argparse
import email.utils
import gzip
import hashlib
import http.server
import json
import os
import threading
import time

LOCK = threading.Lock()


def log(path, record):
    with LOCK:
        with open(path, "a", encoding="utf-8") as f:
            f.write(json.dumps(record) + "\n")
            f.flush()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "youbi-test"

    def log_message(self, *args):  # quiet: the JSON log is the record
        pass

    def record(self, event, status=None):
        log(self.server.log_path, {
            "event": event, "path": self.path, "status": status,
            "if_none_match": self.headers.get("If-None-Match"),
            "if_modified_since": self.headers.get("If-Modified-Since"),
            "accept_encoding": self.headers.get("Accept-Encoding"),
            "user_agent": self.headers.get("User-Agent"),
        })

    def answer(self, status, body=b"", headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        if body and self.command != "HEAD":
            self.wfile.write(body)
        self.record("done", status)

    def do_GET(self):
        self.record("start")
        parts = self.path.split("?")[0].strip("/").split("/")
        mode = parts[0] if len(parts) > 1 or parts[0] in ("loop", "oversize", "oversize-stream") else "both"
        name = parts[-1]
        # DIR/NAME.mode, when it exists, says how /NAME behaves now: "status/503",
        # "truncated", "oversize-stream", "slow"… (the same URL, good then bad).
        override = os.path.join(self.server.dir, os.path.basename(name) + ".mode")
        if mode == "both" and os.path.exists(override):
            with open(override) as f:
                words = f.read().strip().split("/")
            mode = words[0]
            if mode == "status":
                name = words[1]
        if mode == "status":
            return self.answer(int(name), b"no schedule here\n", [("Content-Type", "text/plain")])
        if mode == "loop":
            return self.answer(302, headers=[("Location", "/loop")])
        if mode == "redirect":
            return self.answer(301, headers=[("Location", "/" + name)])
        if mode == "oversize":
            self.send_response(200)
            self.send_header("Content-Length", str(300 << 20))
            self.send_header("Connection", "close")
            self.end_headers()
            return self.record("done", 200)
        if mode in ("oversize-stream", "oversize-trickle"):
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.send_header("Connection", "close")
            self.end_headers()
            chunk = b" " * (1 << 20)
            try:
                for _ in range(257):
                    self.wfile.write(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
                    if mode == "oversize-trickle":
                        time.sleep(0.05)
                self.wfile.write(b"0\r\n\r\n")
            except OSError:
                pass
            return self.record("done", 200)
        if mode == "slow":
            deadline = time.time() + 120
            while not os.path.exists(os.path.join(self.server.dir, "release")) and time.time() < deadline:
                time.sleep(0.05)
        path = os.path.join(self.server.dir, os.path.basename(name))
        try:
            with open(path, "rb") as f:
                body = f.read()
            mtime = int(os.stat(path).st_mtime)
        except OSError:
            return self.answer(404, b"not found\n")
        etag = '"' + hashlib.sha1(body).hexdigest()[:16] + '"'
        modified = email.utils.formatdate(mtime, usegmt=True)
        headers = [("Content-Type", "application/octet-stream")]
        use_etag = mode in ("both", "etag", "slow", "gzip", "truncated")
        use_lm = mode in ("both", "lm", "slow", "gzip", "truncated")
        if use_etag:
            headers.append(("ETag", etag))
        if use_lm:
            headers.append(("Last-Modified", modified))
        inm = self.headers.get("If-None-Match")
        ims = self.headers.get("If-Modified-Since")
        if use_etag and inm is not None:
            if inm == etag:
                return self.answer(304, headers=headers)
        elif use_lm and ims is not None:
            since = email.utils.parsedate_to_datetime(ims).timestamp()
            if mtime <= since:
                return self.answer(304, headers=headers)
        if mode == "truncated":
            self.send_response(200)
            for h in headers:
                self.send_header(*h)
            self.send_header("Content-Length", str(len(body) + 1000))
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            return self.record("done", 200)
        if mode == "gzip" and "gzip" in (self.headers.get("Accept-Encoding") or ""):
            body = gzip.compress(body)
            headers.append(("Content-Encoding", "gzip"))
        return self.answer(200, body, headers)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--port-file", required=True)
    args = parser.parse_args()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.dir = args.dir
    server.log_path = args.log
    tmp = args.port_file + ".tmp"
    with open(tmp, "w") as f:
        f.write(str(server.server_address[1]))
    os.rename(tmp, args.port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()

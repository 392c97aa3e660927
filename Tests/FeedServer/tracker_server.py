#!/usr/bin/env python3
"""A stand-in for AniList's GraphQL API and MyAnimeList's API v2 on 127.0.0.1.

    tracker_server.py --state STATE --log LOG --port-file FILE

Binds an ephemeral port on 127.0.0.1 and writes it to FILE once it listens.
STATE is JSON the test writes (and this server rewrites on a write):

    {"token": "T", "client_id": "C",
     "anilist": {"NAME": [SHOW, ...]}, "mal": {"NAME": [SHOW, ...]},
     "mode": {"anilist-save": "429" | "401", "mal-save": "401" | "429", ...}}

    SHOW = {"id": 1, "idMal": 11, "title": "…", "progress": 2, "updatedAt": 100,
            "episodes": 12, "airingAt": 1700000000, "episode": 5,
            "start_date": "2024-01-01", "day": "monday", "time": "12:00"}

AniList: POST / with {"query", "variables"}. MediaListCollection(userName:) answers
the user's list, or status 404 with an "errors" array for an unknown user;
Media(id:) { mediaListEntry } and SaveMediaListEntry need "Authorization: Bearer T".
MyAnimeList: GET /v2/users/NAME/animelist needs "X-MAL-CLIENT-ID: C" and pages two
shows at a time (paging.next); GET /v2/anime/ID?fields=my_list_status and
PATCH /v2/anime/ID/my_list_status (form: num_watched_episodes) need the bearer.
A mode "429" answers 429 with Retry-After: 1 once, then clears itself; "401" answers
the service's 401 body. Every request is logged as one JSON line: the method, the
path, the query, the variables or form, whether the bearer matched ("auth": "ok",
"bad" or null, never the token itself), the client id, and the status sent.
"""
import argparse
import http.server
import json
import os
import threading
import urllib.parse

LOCK = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def state(self):
        with open(self.server.state_path, encoding="utf-8") as f:
            return json.load(f)

    def save(self, state):
        tmp = self.server.state_path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(state, f)
        os.rename(tmp, self.server.state_path)

    def auth(self, state):
        given = self.headers.get("Authorization")
        if given is None:
            return None
        return "ok" if given == "Bearer " + state.get("token", "") else "bad"

    def answer(self, status, body, record, headers=()):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)
        record["status"] = status
        with open(self.server.log_path, "a", encoding="utf-8") as f:
            f.write(json.dumps(record) + "\n")

    def mode(self, state, name):
        """The mode set for NAME, cleared when it is a one-off 429."""
        mode = state.get("mode", {}).get(name)
        if mode == "429":
            state["mode"].pop(name)
            self.save(state)
        return mode

    def do_POST(self):
        with LOCK:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            state = self.state()
            record = {"method": "POST", "path": self.path, "auth": self.auth(state)}
            try:
                body = json.loads(raw)
            except ValueError:
                return self.answer(400, {"errors": [{"message": "bad JSON", "status": 400}]}, record)
            query, variables = body.get("query", ""), body.get("variables", {})
            record["variables"] = variables
            if "SaveMediaListEntry" in query:
                record["op"] = "SaveMediaListEntry"
                return self.anilist_save(state, variables, record)
            if "mediaListEntry" in query:
                record["op"] = "Media"
                return self.anilist_entry(state, variables, record)
            if "MediaListCollection" in query:
                record["op"] = "MediaListCollection"
                record["status_in"] = "status_in: [CURRENT, REPEATING]" in query
                return self.anilist_list(state, variables, record)
            return self.answer(400, {"errors": [{"message": "unknown query", "status": 400}]}, record)

    def anilist_list(self, state, variables, record):
        shows = state.get("anilist", {}).get(variables.get("userName"))
        if shows is None:
            return self.answer(404, {"errors": [{"message": "User not found", "status": 404,
                                                 "locations": [{"line": 1, "column": 27}]}],
                                     "data": {"MediaListCollection": None}}, record)
        entries = [{
            "progress": s["progress"], "updatedAt": s.get("updatedAt", 0),
            "media": {"id": s["id"], "idMal": s.get("idMal"), "episodes": s.get("episodes"),
                      "siteUrl": "https://anilist.co/anime/%d" % s["id"],
                      "title": {"romaji": s["title"], "english": None, "native": None},
                      "nextAiringEpisode": {"airingAt": s["airingAt"], "episode": s["episode"]}},
        } for s in shows]
        return self.answer(200, {"data": {"MediaListCollection": {
            "user": {"name": variables.get("userName")},
            "lists": [{"entries": entries}]}}}, record)

    def anilist_show(self, state, media_id):
        for shows in state.get("anilist", {}).values():
            for show in shows:
                if show["id"] == media_id:
                    return show
        return None

    def anilist_entry(self, state, variables, record):
        if record["auth"] != "ok":
            return self.answer(401, {"errors": [{"message": "Invalid token", "status": 401}],
                                     "data": None}, record)
        show = self.anilist_show(state, variables.get("mediaId"))
        entry = {"progress": show["progress"]} if show else None
        return self.answer(200, {"data": {"Media": {"mediaListEntry": entry}}}, record)

    def anilist_save(self, state, variables, record):
        mode = self.mode(state, "anilist-save")
        if mode == "429":
            return self.answer(429, {"errors": [{"message": "Too Many Requests.", "status": 429}],
                                     "data": None}, record, [("Retry-After", "1")])
        if record["auth"] != "ok" or mode == "401":
            return self.answer(401, {"errors": [{"message": "Invalid token", "status": 401}],
                                     "data": None}, record)
        show = self.anilist_show(state, variables.get("mediaId"))
        if show is None:
            return self.answer(404, {"errors": [{"message": "Not Found.", "status": 404}],
                                     "data": None}, record)
        show["progress"] = variables.get("progress")
        self.save(state)
        return self.answer(200, {"data": {"SaveMediaListEntry": {
            "mediaId": show["id"], "progress": show["progress"]}}}, record)

    def do_GET(self):
        with LOCK:
            state = self.state()
            url = urllib.parse.urlsplit(self.path)
            query = urllib.parse.parse_qs(url.query)
            record = {"method": "GET", "path": url.path, "query": query,
                      "auth": self.auth(state),
                      "client_id": self.headers.get("X-MAL-CLIENT-ID")}
            parts = url.path.strip("/").split("/")
            if parts[:2] == ["v2", "users"] and len(parts) == 4 and parts[3] == "animelist":
                record["op"] = "animelist"
                return self.mal_list(state, parts[2], query, record)
            if parts[:2] == ["v2", "anime"] and len(parts) == 3:
                record["op"] = "anime"
                return self.mal_entry(state, int(parts[2]), record)
            return self.answer(404, {"error": "not_found", "message": ""}, record)

    def mal_list(self, state, name, query, record):
        if record["client_id"] != state.get("client_id"):
            return self.answer(403, {"error": "forbidden", "message": "invalid client id"}, record)
        shows = state.get("mal", {}).get(name)
        if shows is None:
            return self.answer(404, {"error": "not_found", "message": ""}, record)
        offset = int(query.get("offset", ["0"])[0])
        page = shows[offset:offset + 2]
        data = [{"node": {
            "id": s["id"], "title": s["title"], "num_episodes": s.get("episodes", 0),
            "start_date": s["start_date"],
            "broadcast": {"day_of_the_week": s["day"], "start_time": s["time"]},
            "alternative_titles": {"synonyms": [], "en": "", "ja": ""}},
            "list_status": {"status": "watching", "num_episodes_watched": s["progress"],
                            "updated_at": s.get("updated_at", "2020-01-01T00:00:00+00:00")}}
            for s in page]
        paging = {}
        if offset + 2 < len(shows):
            rest = dict((k, v[0]) for k, v in query.items())
            rest["offset"] = str(offset + 2)
            paging["next"] = "http://127.0.0.1:%d%s?%s" % (
                self.server.server_port, urllib.parse.urlsplit(self.path).path,
                urllib.parse.urlencode(rest))
        return self.answer(200, {"data": data, "paging": paging}, record)

    def mal_show(self, state, anime_id):
        for shows in state.get("mal", {}).values():
            for show in shows:
                if show["id"] == anime_id:
                    return show
        return None

    def mal_entry(self, state, anime_id, record):
        if record["auth"] != "ok":
            return self.answer(401, {"error": "invalid_token"}, record)
        show = self.mal_show(state, anime_id)
        body = {"id": anime_id, "title": show["title"] if show else ""}
        if show:
            body["my_list_status"] = {"status": "watching", "num_episodes_watched": show["progress"]}
        return self.answer(200, body, record)

    def do_PATCH(self):
        with LOCK:
            length = int(self.headers.get("Content-Length") or 0)
            form = urllib.parse.parse_qs(self.rfile.read(length).decode())
            state = self.state()
            parts = self.path.strip("/").split("/")
            record = {"method": "PATCH", "path": self.path, "auth": self.auth(state),
                      "client_id": self.headers.get("X-MAL-CLIENT-ID"), "form": form,
                      "content_type": self.headers.get("Content-Type"), "op": "my_list_status"}
            mode = self.mode(state, "mal-save")
            if mode == "429":
                return self.answer(429, {"error": "too_many_requests"}, record, [("Retry-After", "1")])
            if record["auth"] != "ok" or mode == "401":
                return self.answer(401, {"error": "invalid_token"}, record)
            show = self.mal_show(state, int(parts[2])) if len(parts) == 4 else None
            if show is None:
                return self.answer(404, {"error": "not_found", "message": ""}, record)
            show["progress"] = int(form["num_watched_episodes"][0])
            self.save(state)
            return self.answer(200, {"status": "watching",
                                     "num_episodes_watched": show["progress"]}, record)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--state", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--port-file", required=True)
    args = parser.parse_args()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.state_path, server.log_path = args.state, args.log
    tmp = args.port_file + ".tmp"
    with open(tmp, "w") as f:
        f.write(str(server.server_port))
    os.rename(tmp, args.port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()

import JSON
import Schedule
import YoubiCore

/// The requests Youbi makes of a tracker's API: the list, and a progress write.
///
/// Pure; the token is passed in when the request is made and is only ever in the
/// config curl reads from standard input.
enum AccountRequests {
  /// AniList's query for a user's anime being watched, with what the reader takes.
  static let aniListQuery = """
    query ($userName: String) { MediaListCollection(userName: $userName, type: ANIME, \
    status_in: [CURRENT, REPEATING]) { user { name } lists { entries { progress updatedAt \
    media { id idMal episodes siteUrl title { romaji english native } \
    nextAiringEpisode { airingAt episode } } } } } }
    """

  /// AniList's mutation setting a show's progress.
  static let aniListSave = """
    mutation ($mediaId: Int, $progress: Int) { SaveMediaListEntry(mediaId: $mediaId, \
    progress: $progress) { mediaId progress } }
    """

  /// AniList's query for the progress now on the person's entry of a show.
  static let aniListEntry = """
    query ($mediaId: Int) { Media(id: $mediaId) { mediaListEntry { progress } } }
    """

  /// The fields MyAnimeList is asked for with each show of a list.
  static let myAnimeListFields =
    "list_status,broadcast,start_date,end_date,num_episodes,alternative_titles"

  /// A GraphQL request to AniList.
  static func aniList(
    _ account: Account, query: String, variables: [JSONValue.Member], token: String?
  )
    -> APICall
  {
    var headers = ["Content-Type: application/json", "Accept: application/json"]
    if let token { headers.append("Authorization: Bearer " + token) }
    let body = JSONValue.object([
      .init("query", .string(query)), .init("variables", .object(variables)),
    ])
    let text = (try? JSONWriter().string(body)) ?? "{}"
    return APICall(method: "POST", url: account.api.text, headers: headers, body: text)
  }

  /// The first page of a MyAnimeList user's list of anime being watched.
  static func myAnimeListPage(_ account: Account, url: String? = nil, token: String?) -> APICall {
    let first =
      "\(trimmed(account.api))/users/\(account.name)/animelist?status=watching"
      + "&fields=\(myAnimeListFields)&limit=100&nsfw=true"
    return APICall(
      method: "GET", url: url ?? first, headers: myAnimeListHeaders(account, token: token),
      body: nil)
  }

  /// MyAnimeList's write of the episodes seen of show `id`, form-encoded.
  static func myAnimeListWrite(_ account: Account, id: Int, progress: Int, token: String)
    -> APICall
  {
    APICall(
      method: "PATCH", url: "\(trimmed(account.api))/anime/\(id)/my_list_status",
      headers: myAnimeListHeaders(account, token: token)
        + ["Content-Type: application/x-www-form-urlencoded"],
      body: "num_watched_episodes=\(progress)")
  }

  /// MyAnimeList's read of the person's entry of show `id`.
  static func myAnimeListEntry(_ account: Account, id: Int, token: String) -> APICall {
    APICall(
      method: "GET", url: "\(trimmed(account.api))/anime/\(id)?fields=my_list_status",
      headers: myAnimeListHeaders(account, token: token), body: nil)
  }

  private static func myAnimeListHeaders(_ account: Account, token: String?) -> [String] {
    var headers = ["Accept: application/json"]
    if let id = account.clientID { headers.append("X-MAL-CLIENT-ID: " + id) }
    if let token { headers.append("Authorization: Bearer " + token) }
    return headers
  }

  /// Whether `next` (a page's `paging.next`) is a page of the same API, so a header is
  /// never sent anywhere the config did not name.
  static func isSameAPI(_ next: String, _ account: Account) -> Bool {
    next.hasPrefix(trimmed(account.api) + "/users/\(account.name)/animelist?")
  }

  /// The API's address without a trailing slash.
  static func trimmed(_ url: WebURL) -> String {
    url.text.hasSuffix("/") ? String(url.text.dropLast()) : url.text
  }
}

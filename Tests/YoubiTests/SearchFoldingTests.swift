import Schedule
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// The folding table, row by row, and the index and highlights built on it.
@Suite struct SearchFoldingTests {
  @Test(
    "folds case, width and kana",
    arguments: [
      ("ABC xyz", "abc xyz"),
      ("ＡＢＣ", "abc"),
      ("ｆｕｌｌ－ｗｉｄｔｈ！１２３", "full-width!123"),
      ("全角　スペース", "全角 スペース"),
      ("ｶﾀｶﾅ", "カタカナ"),
      ("ｶﾞｷﾞｸﾞ", "ガギグ"),
      ("ﾊﾟﾋﾟﾌﾟﾍﾟﾎﾟ", "パピプペポ"),
      ("ﾊﾞﾋﾞﾌﾞﾍﾞﾎﾞ", "バビブベボ"),
      ("ｳﾞｧｲｵﾘﾝ", "ヴァイオリン"),
      ("ﾂﾞﾃﾞﾄﾞ", "ヅデド"),
      ("｢ｺﾝﾆﾁﾊ｣｡､･ｰ", "「コンニチハ」。、・ー"),
      ("かめ", "カメ"),
      ("がっこう", "ガッコウ"),
      ("か\u{3099}", "ガ"),  // combining voiced mark, composed as NFC does
      ("ハ\u{309A}", "パ"),
      ("ゝゞ", "ヽヾ"),
      ("ﾞ", "\u{3099}"),  // a voiced mark with nothing to compose with
      ("aﾞ", "a\u{3099}"),
      ("ｧｨｩ", "ァィゥ"),  // small kana stay small
      ("漢字ひらがなカタカナ", "漢字ヒラガナカタカナ"),
      ("￥１００", "¥100"),
      ("Éclair ΩMEGA", "éclair ωmega"),
      ("é", "é"),  // accents stay
      ("①", "①"),  // the rest of NFKC is not applied
      ("␛[2J", "␛[2j"),
    ])
  func folds(input: String, expected: String) {
    #expect(SearchFolding.fold(input) == expected)
    // The index's UTF-8 form agrees with the string form.
    var bytes: [UInt8] = []
    SearchFolding.appendFolded(input, to: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == expected)
  }

  /// The index's byte path folds every scalar of the Basic Multilingual Plane
  /// as the scalar path does, alone and between kana and ASCII.
  @Test func theBytePathAgreesWithTheScalarPath() {
    for v in UInt32(1)...0xFFFF {
      guard let scalar = Unicode.Scalar(v) else { continue }
      for text in ["\(scalar)", "かA\(scalar)漢b"] {
        var bytes: [UInt8] = []
        SearchFolding.appendFolded(text, to: &bytes)
        #expect(bytes == Array(SearchFolding.fold(text).utf8), "U+\(String(v, radix: 16))")
      }
    }
  }

  @Test(
    "a query finds text written the other way",
    arguments: [
      ("abc", "ＡＢＣ"), ("ＡＢＣ", "abc"), ("ｶﾀｶﾅ", "カタカナ"), ("カタカナ", "ｶﾀｶﾅ"),
      ("かめ", "カメの歩み"), ("カメ", "かめ"), ("ｶﾞﾝﾀﾞﾑ", "機動戦士ガンダム"), ("がんだむ", "ｶﾞﾝﾀﾞﾑ"),
      ("night", "NIGHT TRAIN"),
    ])
  func queryFinds(query: String, text: String) {
    #expect(SearchFolding.fold(text).contains(SearchFolding.fold(query)))
  }

  @Test func highlightsAreRangesOfTheShownText() {
    var search = Search(origin: nil)
    search.setQuery("がん")
    // ｶ ﾞ ﾝ are three scalars of the text for two of the query.
    #expect(search.highlights(in: "ｶﾞﾝﾀﾞﾑ ガンダム") == [0..<3, 7..<9])
    search.setQuery("abc")
    #expect(search.highlights(in: "Night ＡＢＣ abcabc") == [6..<9, 10..<16])
    #expect(search.highlights(in: "nothing here") == [])
    search.setQuery("")
    #expect(search.highlights(in: "abc") == [])
  }

  @Test func theIndexFindsEachSerialOnceInOrder() {
    let index = SearchIndex(days: [
      [Serial(title: "Kame", author: "Ｋａｍｅ"), Serial(title: "other")],
      [],
      [Serial(title: "x", note: "かめ note")],
      [], [], [],
      [Serial(title: "カメ")],
    ])
    #expect(index.count == 4)
    let hits = index.matches(Array(SearchFolding.fold("カメ").utf8))
    #expect(hits.map(\.day) == [.wednesday, .sunday])
    #expect(hits.map(\.index) == [0, 0])
    let kame = index.matches(Array("kame".utf8))
    #expect(kame.map(\.day) == [.monday] && kame.map(\.index) == [0])
    #expect(index.matches(Array("zzz".utf8)).isEmpty)
  }

  @Test func aMatchNeverRunsFromOneFieldIntoTheNext() {
    let index = SearchIndex(days: [[Serial(title: "ab", author: "cd", note: "ef")]] + noDays(6))
    #expect(index.matches(Array("bc".utf8)).isEmpty)
    #expect(index.matches(Array("de".utf8)).isEmpty)
    #expect(index.matches(Array("cd".utf8)).count == 1)
  }

  @Test func manySerialsAreFoundAcrossTheWholeBuffer() {
    let serials = (0..<5000).map { Serial(title: "Serial \($0)", author: $0 % 7 == 0 ? "ｶﾒ" : nil) }
    let index = SearchIndex(days: [serials] + noDays(6))
    let hits = index.matches(Array(SearchFolding.fold("かめ").utf8))
    #expect(hits.map(\.index) == Array(stride(from: 0, to: 5000, by: 7)))
    #expect(index.matches(Array("serial 4999".utf8)).map(\.index) == [4999])
  }
}

/// `count` empty days.
private func noDays(_ count: Int) -> [[Serial]] { Array(repeating: [], count: count) }

import Testing

@testable import YoubiCore

/// `watch-on` and `reference` in the config file and on the command line.
@Suite struct WatchOnConfigTests {
  private func parse(_ text: String) throws(ConfigError) -> Config {
    try Config.parse(Array(text.utf8), file: "/home/u/.config/youbi/config", home: "/home/u")
  }

  private func refusal(_ text: String) -> ConfigError? {
    do {
      _ = try parse(text)
      return nil
    } catch {
      return error
    }
  }

  @Test func sitesAreReadInOrderInAnyCase() throws {
    let config = try parse("watch-on = Crunchyroll, netflix ,bilibili, crunchyroll\n")
    #expect(config.preferences.watchOn == ["crunchyroll", "netflix", "bilibili"])
    #expect(try parse("watch-on = none").preferences.watchOn == [])
    #expect(try parse("labels = en").preferences.watchOn == nil)
  }

  @Test func anUnknownSiteIsAOneLineErrorWithASuggestion() throws {
    let error = try #require(refusal("labels = en\nwatch-on = netflix, crunchyrol\n"))
    #expect(
      error.message
        == "youbi: /home/u/.config/youbi/config:2: watch-on: unknown site \"crunchyrol\"; did you mean \"crunchyroll\"?"
    )
    #expect(error.exitCode == 78)
    #expect(!error.message.contains("\n"))
    // Nothing near: the common sites are named.
    let far = try #require(refusal("watch-on = zzzzzzzz"))
    #expect(
      far.message.hasSuffix(
        "the sites include crunchyroll, netflix, bilibili, unext, danime, abema, prime"))
    #expect(refusal("watch-on = crunchyroll,,netflix") != nil)
  }

  @Test func theSettingsCarryTheSitesAndTheCommandLineWins() throws {
    let config = try parse("watch-on = netflix")
    var top = Preferences()
    try SettingKey.watchOn.read("crunchyroll", into: &top)
    let settings = Settings(config.preferences.overlaid(with: top), environment: [:])
    #expect(settings.watchOn == ["crunchyroll"])
    #expect(Settings(config.preferences, environment: [:]).watchOn == ["netflix"])
  }

  @Test func referencesAreReadAsPathsAndURLs() throws {
    let config = try parse(
      "reference = ~/bangumi-data.json\nreference = https://unpkg.com/bangumi-data@0.3/dist/data.json refresh=1d\n"
    )
    #expect(
      config.references.map(\.path) == [
        "/home/u/bangumi-data.json", "https://unpkg.com/bangumi-data@0.3/dist/data.json",
      ])
    #expect(config.references.map(\.line) == [1, 2])
    #expect(config.references[1].refreshSeconds == 86_400)
    #expect(config.schedules.isEmpty)
  }
}

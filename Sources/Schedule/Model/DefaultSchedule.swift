/// The schedule shown when no file is given: an invented week of serials.
///
/// Every title, author and note here is fictional. The data is shaped to
/// exercise the UI: Monday has more entries than a 24-row screen holds, some
/// titles are long enough to be truncated at 80 columns, Japanese (two
/// columns per character) and English mix, a few entries carry emoji, some
/// have no author and some have a note. Every day has at least one entry.
public enum DefaultSchedule {
  public static let schedule = Schedule(
    title: "今週の連載 · This week's serials",
    days: [
      .monday: monday,
      .tuesday: [
        Serial(title: "月光ベーカリーの朝", author: "小川みのり", note: "第12話"),
        Serial(title: "The Cartographer's Daughter", author: "Elena Marsh"),
        Serial(title: "鉄と羽根", author: "黒田ハヤテ"),
        Serial(title: "Signal Lost 📡", author: "D. K. Ferro", note: "season finale"),
        Serial(title: "となりの宇宙人、三丁目に住む", author: "星野こだま"),
        Serial(title: "Harbor Lights", author: "Ines Calder"),
        Serial(title: "雨宿りの図書室"),
      ],
      .wednesday: [
        Serial(title: "竜の台所", author: "火野あかね", note: "新連載"),
        Serial(title: "Paper Moon Detective Agency", author: "Ruth Okonkwo"),
        Serial(title: "放課後のアルゴリズム", author: "二階堂ケイ"),
        Serial(
          title: "The Extraordinarily Long and Mostly True Account of the Lighthouse Keeper's Cat",
          author: "Bartholomew Quill"),
        Serial(title: "🌊 波打ち際のレコード店", author: "渚ユウ"),
      ],
      .thursday: [
        Serial(title: "石の庭の守り人", author: "千早シオン"),
        Serial(title: "Nine Lives, One Library", author: "Tomasz Wren", note: "on break next week"),
        Serial(title: "深夜二時のラーメン探偵 🍜", author: "味噌川トオル"),
        Serial(title: "Copper & Clockwork", author: "A. J. Lindqvist"),
        Serial(title: "さよならの代わりに花束を", author: "白石ゆきの"),
        Serial(title: "Afterglow Avenue"),
      ],
      .friday: [
        Serial(title: "週末魔女のアルバイト", author: "三日月リコ", note: "カラー扉"),
        Serial(title: "The Last Ferry to Wednesday", author: "Marguerite Holm"),
        Serial(title: "ぼくらの秘密基地計画", author: "山吹タロウ"),
        Serial(title: "Static Bloom 🌸", author: "Noor Haddad"),
        Serial(
          title: "世界でいちばん長い名前の猫と、その猫を探しに出かけた少年の七日間の冒険について",
          author: "長谷川ながお"),
        Serial(title: "Kettle & Compass", author: "Owen Birch"),
      ],
      .saturday: [
        Serial(title: "土曜日の怪獣", author: "大地ゴウ"),
        Serial(title: "Gardens of the Drowned City", author: "Celeste Varga", note: "new arc"),
        Serial(title: "ねこまち商店街", author: "猫田まる"),
        Serial(title: "Pocket Dragons 🐉", author: "Lily Achterberg"),
      ],
      .sunday: [
        Serial(title: "日曜日の星図", author: "天野ほしみ"),
        Serial(title: "Quiet Hours", author: "Sam Ellery"),
        Serial(title: "海辺の郵便局、最後の一通", author: "潮見あおい", note: "最終回"),
        Serial(title: "The Tin Orchestra", author: "F. Moreau"),
        Serial(title: "おやすみ、ロボット 🤖", author: "機械屋ネジ"),
      ],
    ])

  /// Thirty-two entries: more than a 24-row screen, so Monday scrolls.
  static let monday: [Serial] = [
    Serial(title: "星屑の郵便配達", author: "青井ソラ", note: "第48話"),
    Serial(title: "The Clockmaker's Apprentice", author: "Harriet Vance"),
    Serial(title: "魔法学校の落第生", author: "桐生レイ"),
    Serial(title: "Midnight Ramen Club 🍜", author: "Kenji Arata"),
    Serial(title: "さくら荘のゆうれい", author: "春野もも"),
    Serial(title: "Orbit of Small Things", author: "Priya Lindell", note: "new"),
    Serial(title: "紙飛行機は夜を越えて", author: "風間ツバサ"),
    Serial(title: "Saltwater Kings", author: "Declan Moore"),
    Serial(title: "百年喫茶の看板娘", author: "珈琲ミルク"),
    Serial(title: "A Field Guide to Imaginary Birds 🐦", author: "Wendell Park"),
    Serial(title: "迷宮ホテルへようこそ", author: "鍵山トビラ"),
    Serial(title: "Lanterns Over Kyoto", author: "Mira Castellanos"),
    Serial(title: "きょうも地球は平和です", author: "宇宙野ヒカル"),
    Serial(title: "The Bureau of Lost Umbrellas", author: "Agnes Pike", note: "special chapter"),
    Serial(title: "忍者、会社員になる", author: "影山シノブ"),
    Serial(title: "Northbound", author: "Jonah Reyes"),
    Serial(
      title: "異世界に転生したら図書館の司書だったので、とりあえず全部の本を読んでみることにした件",
      author: "本田しおり"),
    Serial(title: "Tea for Ghosts", author: "Ottilie Hart"),
    Serial(title: "ひだまり整備工場", author: "油井ギア"),
    Serial(title: "Brass Hearts ⚙️", author: "Felix Ng"),
    Serial(title: "夏の終わりのラジオ局", author: "音無ナギ"),
    Serial(
      title:
        "The Unreasonably Detailed Chronicle of Everything That Happened on the Night Train to Aomori",
      author: "Cornelius Abernathy-Whitlock"),
    Serial(title: "ことりの帳簿", author: "羽村つぐみ"),
    Serial(title: "Under the Glass Mountain", author: "Sigrid Olafsen"),
    Serial(title: "駅前ロボット相談所 🤖", author: "歯車ミツル"),
    Serial(title: "Rooftop Astronomers", author: "Luca Bellini"),
    Serial(title: "雪国の配達人", author: "冬木シロ"),
    Serial(title: "Half-Price Heroes", author: "Bea Thornton", note: "bonus pages"),
    Serial(title: "海底都市のパン職人", author: "深海ルリ"),
    Serial(title: "Small Hours"),
    Serial(title: "竹林の剣士", author: "青竹ジン"),
    Serial(title: "Letters from the Lighthouse ✉️", author: "Maren Quist"),
  ]
}

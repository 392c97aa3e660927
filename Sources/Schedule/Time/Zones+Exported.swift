/// The calendar and the zone database (`CivilDate`, `Weekday`, `ISOWeek`,
/// `TimeZoneDatabase`, `SystemTimeZones`) are part of Schedule's own interface: a
/// `Serial` holds dates, a `Schedule` is read with a zone database, a week is placed in
/// one. They live in `Zones`, which knows no schedule, and whoever imports Schedule
/// sees them too.
@_exported import Zones

// TEMPORARY STUB — replaced by the schedules work.
public struct ScheduleError: Error, Equatable {
  public var exitCode: Int32
  public var message: String
}

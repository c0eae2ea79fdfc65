import QuickActions
import QuickActionsClient
import Testing

@Suite struct DeliveryGateTests {
    static let pick = DeliveryGate.Pick(type: "FavoriteAction", userInfo: ["contactId": .string("c1")])
    static let search = DeliveryGate.Pick(type: "SearchAction")

    /// What the gate answers to each delivery in turn; `nil` starts a new launch.
    static func accepted(_ deliveries: [(DeliveryGate.Pick, DeliveryGate.Source)?]) -> [Bool] {
        var gate = DeliveryGate()
        var answers: [Bool] = []
        for delivery in deliveries {
            guard let (pick, source) = delivery else {
                gate.beginLaunch()
                continue
            }
            answers.append(gate.accept(pick, from: source))
        }
        return answers
    }

    @Test func launchOptionsThenPerformActionDeliversOnce() {
        #expect(Self.accepted([nil, (Self.pick, .launchOptions), (Self.pick, .performAction)]) == [true, false])
    }

    @Test func performActionThenLaunchOptionsDeliversOnce() {
        #expect(Self.accepted([nil, (Self.pick, .performAction), (Self.pick, .launchOptions)]) == [true, false])
    }

    @Test func aSecondLaunchOptionsPickInOneLaunchIsDropped() {
        #expect(Self.accepted([(Self.pick, .launchOptions), (Self.search, .launchOptions)]) == [true, false])
    }

    @Test func aNewLaunchAcceptsTheSamePickAgain() {
        let launch: [(DeliveryGate.Pick, DeliveryGate.Source)?] = [nil, (Self.pick, .launchOptions), (Self.pick, .performAction)]
        #expect(Self.accepted(launch + launch) == [true, false, true, false])
    }

    @Test func warmPicksOfTheSameItemAreEachDelivered() {
        #expect(Self.accepted([(Self.pick, .performAction), (Self.pick, .performAction), (Self.search, .performAction)]) == [true, true, true])
    }

    @Test func aDifferentPickFromTheOtherSourceIsNotARepeat() {
        #expect(Self.accepted([(Self.pick, .launchOptions), (Self.search, .performAction)]) == [true, true])
    }

    @Test func theRepeatIsDroppedOnceOnly() {
        #expect(Self.accepted([(Self.pick, .launchOptions), (Self.pick, .performAction), (Self.pick, .performAction)]) == [true, false, true])
    }
}

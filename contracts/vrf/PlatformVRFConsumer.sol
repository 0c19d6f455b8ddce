// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {VRFConsumerBaseV2Plus} from "@chainlink/contracts/src/v0.8/vrf/dev/VRFConsumerBaseV2Plus.sol";
import {VRFV2PlusClient} from "@chainlink/contracts/src/v0.8/vrf/dev/libraries/VRFV2PlusClient.sol";

/// @notice A VRF v2.5 consumer on Chainlink's VRFConsumerBaseV2Plus: its admin requests random words with
/// the stored configuration, and the coordinator's callback stores them, readable by request id.
/// Deployed by PlatformVRFConsumerFactory, which is the ConfirmedOwner at first and proposes that ownership
/// (setCoordinator, for a coordinator migration) to the admin, who accepts it with acceptOwnership.
contract PlatformVRFConsumer is VRFConsumerBaseV2Plus {
    error NotAdmin(address caller);

    address public immutable admin;
    bytes32 public keyHash;
    uint256 public subscriptionId;
    uint16 public requestConfirmations;
    uint32 public callbackGasLimit;

    uint256[] public requestIds;
    mapping(uint256 requestId => address) public requesters;
    mapping(uint256 requestId => bool) public fulfilled;
    mapping(uint256 requestId => uint256[]) private words;

    event ConfigUpdated(bytes32 keyHash, uint256 subscriptionId, uint16 requestConfirmations, uint32 callbackGasLimit);
    event RandomnessRequested(uint256 indexed requestId, address indexed requester, uint32 numWords);
    event RandomnessFulfilled(uint256 indexed requestId);

    modifier onlyAdmin() {
        if (msg.sender != admin) revert NotAdmin(msg.sender);
        _;
    }

    constructor(address coordinator, address admin_, bytes32 keyHash_, uint256 subId, uint16 confirmations, uint32 gasLimit)
        VRFConsumerBaseV2Plus(coordinator)
    {
        admin = admin_;
        _setConfig(keyHash_, subId, confirmations, gasLimit);
    }

    function setConfig(bytes32 keyHash_, uint256 subId, uint16 confirmations, uint32 gasLimit) external onlyAdmin {
        _setConfig(keyHash_, subId, confirmations, gasLimit);
    }

    function requestRandomWords(uint32 numWords) external onlyAdmin returns (uint256 requestId) {
        requestId = s_vrfCoordinator.requestRandomWords(
            VRFV2PlusClient.RandomWordsRequest({
                keyHash: keyHash,
                subId: subscriptionId,
                requestConfirmations: requestConfirmations,
                callbackGasLimit: callbackGasLimit,
                numWords: numWords,
                extraArgs: VRFV2PlusClient._argsToBytes(VRFV2PlusClient.ExtraArgsV1({nativePayment: false}))
            })
        );
        requestIds.push(requestId);
        requesters[requestId] = msg.sender;
        emit RandomnessRequested(requestId, msg.sender, numWords);
    }

    function requestCount() external view returns (uint256) {
        return requestIds.length;
    }

    function randomWords(uint256 requestId) external view returns (uint256[] memory) {
        return words[requestId];
    }

    function fulfillRandomWords(uint256 requestId, uint256[] calldata randomWords_) internal override {
        fulfilled[requestId] = true;
        words[requestId] = randomWords_;
        emit RandomnessFulfilled(requestId);
    }

    function _setConfig(bytes32 keyHash_, uint256 subId, uint16 confirmations, uint32 gasLimit) private {
        keyHash = keyHash_;
        subscriptionId = subId;
        requestConfirmations = confirmations;
        callbackGasLimit = gasLimit;
        emit ConfigUpdated(keyHash_, subId, confirmations, gasLimit);
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PlatformVRFConsumer} from "./PlatformVRFConsumer.sol";

/// @notice Deploys PlatformVRFConsumer with CREATE2 (salt: the platform's record id), so the consumer's
/// address is known before the deployment and can be added to the subscription first. The caller is the admin.
contract PlatformVRFConsumerFactory {
    event ConsumerDeployed(address indexed consumer, address indexed admin, bytes32 salt);

    function deploy(bytes32 salt, address coordinator, bytes32 keyHash, uint256 subId, uint16 confirmations, uint32 gasLimit)
        external
        returns (PlatformVRFConsumer consumer)
    {
        consumer = new PlatformVRFConsumer{salt: keccak256(abi.encode(msg.sender, salt))}(
            coordinator, msg.sender, keyHash, subId, confirmations, gasLimit
        );
        consumer.transferOwnership(msg.sender);
        emit ConsumerDeployed(address(consumer), msg.sender, salt);
    }
}

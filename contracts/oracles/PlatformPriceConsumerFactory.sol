// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PlatformPriceConsumer} from "./PlatformPriceConsumer.sol";

/// @notice Deploys price consumers (a platform base contract); the log tells the caller which address it got.
contract PlatformPriceConsumerFactory {
    event ConsumerDeployed(address indexed consumer, address indexed owner, address indexed priceFeed, string pair, uint256 maxAgeSeconds);

    function deploy(address feed, string calldata pair, uint256 maxAge, address owner) external returns (address consumer) {
        consumer = address(new PlatformPriceConsumer(feed, pair, maxAge, owner));
        emit ConsumerDeployed(consumer, owner, feed, pair, maxAge);
    }
}

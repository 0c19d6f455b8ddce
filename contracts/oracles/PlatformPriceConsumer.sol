// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {AggregatorV3Interface} from "@chainlink/contracts/src/v0.8/shared/interfaces/AggregatorV3Interface.sol";

/// @notice Reads one Chainlink aggregator for one pair and refuses to call a price fresh once its round is
/// older than `maxAgeSeconds` (set by the owner, the tenant's acting account).
contract PlatformPriceConsumer is Ownable {
    AggregatorV3Interface public immutable priceFeed;
    string public pair;
    uint256 public maxAgeSeconds;

    event MaxAgeUpdated(uint256 maxAgeSeconds);

    constructor(address feed, string memory pair_, uint256 maxAge, address owner_) Ownable(owner_) {
        priceFeed = AggregatorV3Interface(feed);
        pair = pair_;
        maxAgeSeconds = maxAge;
    }

    function setMaxAge(uint256 maxAge) external onlyOwner {
        maxAgeSeconds = maxAge;
        emit MaxAgeUpdated(maxAge);
    }

    /// @notice The latest round and whether it is stale (older than maxAgeSeconds, or without a positive answer).
    function latestPrice()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 updatedAt, uint8 decimals, bool stale)
    {
        (roundId, answer,, updatedAt,) = priceFeed.latestRoundData();
        decimals = priceFeed.decimals();
        stale = answer <= 0 || updatedAt == 0 || block.timestamp - updatedAt > maxAgeSeconds;
    }
}

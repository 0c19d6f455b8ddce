// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {VestingWallet} from "@openzeppelin/contracts/finance/VestingWallet.sol";
import {VestingWalletCliff} from "@openzeppelin/contracts/finance/VestingWalletCliff.sol";

/// @notice OpenZeppelin's vesting wallet with a cliff, made deployable (VestingWalletCliff is abstract).
/// Any ERC-20 (or ETH) sent to it vests linearly from `start` over `duration` seconds; nothing is
/// releasable before `start + cliff`. `release(token)` may be called by anyone and pays the beneficiary,
/// who is the wallet's Ownable owner.
contract PlatformVestingWallet is VestingWalletCliff {
    constructor(address beneficiary, uint64 startTimestamp, uint64 durationSeconds, uint64 cliffSeconds)
        VestingWallet(beneficiary, startTimestamp, durationSeconds)
        VestingWalletCliff(cliffSeconds)
    {}
}

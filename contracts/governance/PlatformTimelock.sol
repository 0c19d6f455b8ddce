// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TimelockController} from "@openzeppelin/contracts/governance/TimelockController.sol";

/// @notice OpenZeppelin's TimelockController under a name of ours, so its artifact is built with the
/// platform's contracts. The platform deploys it with the deployer as temporary admin, grants the
/// proposer, canceller and executor roles to the Governor, then renounces the admin role.
contract PlatformTimelock is TimelockController {
    constructor(uint256 minDelay, address[] memory proposers, address[] memory executors, address admin)
        TimelockController(minDelay, proposers, executors, admin)
    {}
}

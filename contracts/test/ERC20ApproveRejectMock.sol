// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// Test double: a plain ERC-20 whose `approve` reverts after `setRejectApprovals(true)`, so tests can see
/// an approval fail on chain after the request that needs it was accepted.
contract ERC20ApproveRejectMock is ERC20 {
    error ApprovalsRejected();

    bool public rejectApprovals;

    constructor(address holder, uint256 supply) ERC20("Reject Approvals", "RAP") {
        _mint(holder, supply);
    }

    function setRejectApprovals(bool reject) external {
        rejectApprovals = reject;
    }

    function approve(address spender, uint256 value) public override returns (bool) {
        if (rejectApprovals) revert ApprovalsRejected();
        return super.approve(spender, value);
    }
}
